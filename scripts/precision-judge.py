#!/usr/bin/env python3
"""Joins a precision run with the review's verdicts and prints the judged
tables docs/precision.md holds.

    scripts/precision-judge.py RUN_DIR [--before BEFORE_DIR] [--verdicts FILE]

RUN_DIR and BEFORE_DIR hold the <project>.json files scripts/precision-broad.sh
writes (LINT_LUA_PRECISION_BROAD_OUT). FILE (default
scripts/precision-broad/verdicts.tsv) has one row per judged finding:
project, file, line, column, rule, verdict, cause, reason. A verdict is TRUE
(a real defect, or a true statement from before HARMLESS existed), HARMLESS
(a true statement, harmless where it stands: counted true for precision, not
as a real defect) or FALSE (with a cause).
A finding is the same finding in both runs when its project, file, line,
column and rule are.

It prints, in markdown: the findings per rule and severity before and after;
the precision of error and warning findings, and of errors alone, before
and after, and the share of them that are real defects (TRUE, not
HARMLESS); the verdicts per rule and per project; every error and warning of the run with its verdict; the
baseline's true findings and what became of each. It exits 1 when an error
or warning of either run has no verdict: a number without the review
behind it proves nothing.
"""
import argparse
import collections
import glob
import json
import os
import sys


def load_run(d):
    out = []
    for path in sorted(glob.glob(os.path.join(d, "*.json"))):
        project = os.path.basename(path)[: -len(".json")]
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError):
            continue
        for x in doc.get("diagnostics") or []:
            out.append({
                "project": project, "file": x["file"], "line": x.get("line"), "column": x.get("column"),
                "rule": x["rule"], "severity": x["severity"], "message": x.get("message", ""),
                "proof": x.get("proof"),
            })
    return out


def key(d):
    return (d["project"], d["file"], str(d["line"]), str(d["column"]), d["rule"])


def load_verdicts(path):
    out = {}
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("\t")
            cols += [""] * (8 - len(cols))
            project, file, ln, col, rule, verdict, cause, reason = cols[:8]
            out[(project, file, ln, col, rule)] = (verdict, cause, reason)
    return out


def judged(run, verdicts):
    rows, missing = [], []
    for d in run:
        if d["severity"] not in ("error", "warning"):
            continue
        v = verdicts.get(key(d))
        if v is None:
            missing.append(d)
            continue
        rows.append((d, v))
    return rows, missing


TRUE_VERDICTS = ("TRUE", "HARMLESS")


def precision(rows, severities, verdicts=TRUE_VERDICTS):
    sel = [v for d, v in rows if d["severity"] in severities]
    true = sum(1 for v in sel if v[0] in verdicts)
    return true, len(sel)


def tally(rows, by):
    """{group: Counter(verdict)} of the error and warning rows, grouped by by(d)."""
    out = collections.defaultdict(collections.Counter)
    for d, v in rows:
        out[by(d)][v[0]] += 1
    return out


def tally_table(title, rows, by, header):
    t = tally(rows, by)
    if not t:
        return
    print(f"\n## {title}\n")
    print(f"| {header} | TRUE | HARMLESS | FALSE |")
    print("|" + "---|" * (header.count("|") + 4))
    for g in sorted(t):
        c = t[g]
        print(f"| {g} | {c['TRUE']} | {c['HARMLESS']} | {c['FALSE']} |")


def pct(t, n):
    return f"{100.0 * t / n:.1f}% ({t} of {n})" if n else "no findings"


def esc(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run")
    ap.add_argument("--before")
    ap.add_argument("--verdicts", default=os.path.join(os.path.dirname(__file__), "precision-broad", "verdicts.tsv"))
    a = ap.parse_args()
    verdicts = load_verdicts(a.verdicts)
    after = load_run(a.run)
    before = load_run(a.before) if a.before else []
    rows_after, miss_after = judged(after, verdicts)
    rows_before, miss_before = judged(before, verdicts)

    counts = collections.Counter((d["rule"], d["severity"]) for d in after)
    counts_before = collections.Counter((d["rule"], d["severity"]) for d in before)
    print("## Findings per rule and severity\n")
    print("| rule | severity | before | after |")
    print("|---|---|---|---|")
    for r, s in sorted(set(counts) | set(counts_before)):
        print(f"| {r} | {s} | {counts_before.get((r, s), 0)} | {counts.get((r, s), 0)} |")

    print("\n## Precision\n")
    print("| | before | after |")
    print("|---|---|---|")
    for name, sev in (("errors and warnings", ("error", "warning")), ("errors", ("error",)), ("warnings", ("warning",))):
        tb, nb = precision(rows_before, sev)
        ta, na = precision(rows_after, sev)
        print(f"| {name} | {pct(tb, nb) if before else '-'} | {pct(ta, na)} |")
    if any(v[0] == "HARMLESS" for _, v in rows_after + rows_before):
        print("\nReal defects (TRUE; HARMLESS findings are true statements, counted true above, but not here):\n")
        print("| | before | after |")
        print("|---|---|---|")
        for name, sev in (("errors and warnings", ("error", "warning")), ("errors", ("error",)), ("warnings", ("warning",))):
            tb, nb = precision(rows_before, sev, ("TRUE",))
            ta, na = precision(rows_after, sev, ("TRUE",))
            print(f"| {name} | {pct(tb, nb) if before else '-'} | {pct(ta, na)} |")

    tally_table("Verdicts per rule and severity", rows_after, lambda d: f"{d['rule']} | {d['severity']}", "rule | severity")
    tally_table("Verdicts per project and severity", rows_after, lambda d: f"{d['project']} | {d['severity']}",
                "project | severity")

    print("\n## Every error and warning, judged\n")
    print("| project | finding | rule | severity | verdict | reason |")
    print("|---|---|---|---|---|---|")
    for d, (verdict, cause, reason) in sorted(rows_after, key=lambda r: key(r[0])):
        v = verdict if verdict in TRUE_VERDICTS else f"**FALSE** ({cause})" if cause else "**FALSE**"
        print(f"| {d['project']} | `{esc(d['file'])}:{d['line']}:{d['column']}` | {d['rule']} | {d['severity']} | {v} | {esc(reason)} |")

    if before:
        print("\n## The baseline's true findings, after\n")
        now = {key(d): d for d in after}
        print("| project | finding | rule | before | after |")
        print("|---|---|---|---|---|")
        for d, (verdict, _, _) in sorted(rows_before, key=lambda r: key(r[0])):
            if verdict not in TRUE_VERDICTS:
                continue
            n = now.get(key(d))
            print(f"| {d['project']} | `{esc(d['file'])}:{d['line']}:{d['column']}` | {d['rule']} | {d['severity']} | {n['severity'] if n else '**gone**'} |")

    missing = miss_after + miss_before
    if missing:
        print("\n## Not judged\n")
        for d in missing:
            print(f"- {d['project']} `{d['file']}:{d['line']}:{d['column']}` {d['rule']} {d['severity']}: {esc(d['message'])}")
        print(f"\n{len(missing)} error and warning findings have no verdict", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
