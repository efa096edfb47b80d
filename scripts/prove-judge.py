#!/usr/bin/env python3
"""Joins a --prove run on the broad corpus with the review's verdicts and
prints the tables docs/prove.md holds.

    scripts/prove-judge.py RUN_DIR [--verdicts FILE] [--list]

RUN_DIR holds the <project>.json files scripts/precision-broad.sh writes
(LINT_LUA_PRECISION_BROAD_OUT) when its binary runs with --prove (docs/prove.md,
"Measured", has the wrapper). A finding is matched with its verdict by
scripts/precision-judge.py's key (project, file, line, column, rule).

It prints, for the errors of the rules --prove replays (those with a proof
object): per rule, the true errors (TRUE or HARMLESS) and how many were
proved, the false errors and how many were proved (must be 0), and the errors
without a verdict; then the shares. --list prints every such error with its
verdict and its proof or the note saying why it was not proved. It exits 1
when a false error is proved.
"""
import argparse
import collections
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judge", os.path.join(here, "precision-judge.py"))
judge = importlib.util.module_from_spec(spec)
spec.loader.exec_module(judge)


def load(d):
    """The errors of the run that carry a proof object (precision-judge.py reads the run)."""
    return [x for x in judge.load_run(d) if x["severity"] == "error" and x["proof"] is not None]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run")
    ap.add_argument("--verdicts", default=os.path.join(here, "precision-broad", "verdicts.tsv"))
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    verdicts = judge.load_verdicts(a.verdicts)
    rows = load(a.run)
    per = collections.defaultdict(lambda: collections.Counter())
    listed = []
    for d in rows:
        v = verdicts.get(judge.key(d))
        verdict = v[0] if v else "?"
        kind = "true" if verdict in judge.TRUE_VERDICTS else "false" if verdict == "FALSE" else "unjudged"
        proved = bool(d["proof"].get("reproduced"))
        c = per[d["rule"]]
        c[kind] += 1
        if proved:
            c[kind + "-proved"] += 1
        listed.append((d, verdict, proved))
    print("| rule | true errors | proved | false errors | proved | unjudged | proved |")
    print("|---|---|---|---|---|---|---|")
    tot = collections.Counter()
    for rule in sorted(per):
        c = per[rule]
        tot.update(c)
        print(f"| {rule} | {c['true']} | {c['true-proved']} | {c['false']} | {c['false-proved']} | {c['unjudged']} | {c['unjudged-proved']} |")
    print(f"| all | {tot['true']} | {tot['true-proved']} | {tot['false']} | {tot['false-proved']} | {tot['unjudged']} | {tot['unjudged-proved']} |")
    print()
    print(f"true errors proved: {tot['true-proved']} of {tot['true']} ({judge.pct(tot['true-proved'], tot['true'])}); "
          f"false errors proved: {tot['false-proved']} of {tot['false']}")
    if a.list:
        print()
        for d, verdict, proved in listed:
            p = d["proof"]
            what = ("PROVED on %s: %s; %s" % (p.get("server", ""), p.get("witness", ""), p.get("reply", ""))) if proved else ("not proved: " + p.get("note", ""))
            print(f"{d['project']}\t{d['file']}:{d['line']}:{d['column']}\t{d['rule']}\t{verdict}\t{what}")
    return 1 if tot["false-proved"] else 0


if __name__ == "__main__":
    sys.exit(main())
