#!/usr/bin/env python3
"""Re-keys a precision run made on scripts/extract-host-lua.py's extracted
text to the host files, so that it compares with a run of lint-lua's own host
reader (scripts/precision-broad.sh).

    scripts/precision-rekey.py RUN_DIR OUT_DIR [--snap RUN] [--broad DIR]

RUN_DIR holds <project>.json files (scripts/precision-broad.sh's output)
whose host findings name extracted/<x>.lua with a Lua line and column. Each
such finding is written to OUT_DIR (a new folder; RUN_DIR is not touched) at
src/<host file>, host line and host column, as `extract-host-lua.py --where`
maps them with the project's extracted/anchors.tsv and manifest.tsv (DIR,
default testdata/broad, holds the projects). Other findings, and the other
files of RUN_DIR (stats.tsv), are copied as they are.

lint-lua's reader may place a finding a few bytes away from where the
extractor's text puts it (it maps an escape or a hole differently). With
--snap RUN (a run of the native reader), a finding mapped to a column where
RUN has no finding of its rule takes the column of RUN's finding of the same
file, line and rule when there is exactly one such finding; each snap is
printed on standard error.
"""
import argparse
import collections
import contextlib
import glob
import importlib.util
import io
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_script(name, module):
    """Imports scripts/<name> (a file name with hyphens) as module."""
    spec = importlib.util.spec_from_file_location(module, os.path.join(HERE, name))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def load_extractor():
    return load_script("extract-host-lua.py", "extract_host_lua")


_ex = None


def where(broad, project, lua_file, line, col):
    """The host position of a Lua position of an extracted file:
    ('src/<host file>', line, column), or None when it cannot be mapped."""
    global _ex
    if _ex is None:
        _ex = load_extractor()
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            _ex.where("%s:%d:%d" % (os.path.join(broad, project, lua_file), line, col))
    except (SystemExit, OSError, IndexError, TypeError, ValueError):
        return None
    out = buf.getvalue().strip()
    host, hl, hc = out.rsplit(":", 2)
    return "src/" + host, int(hl), int(hc)


def load_snap(d):
    """(project, file, line, rule) -> set of columns of the run in d (read
    as precision-judge.py reads a run)."""
    cols = collections.defaultdict(set)
    for x in load_script("precision-judge.py", "precision_judge").load_run(d):
        cols[(x["project"], x["file"], x["line"], x["rule"])].add(x["column"])
    return cols


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run")
    ap.add_argument("out")
    ap.add_argument("--snap")
    ap.add_argument("--broad", default=os.path.join(HERE, "..", "testdata", "broad"))
    a = ap.parse_args()
    if os.path.abspath(a.run) == os.path.abspath(a.out):
        sys.exit("OUT_DIR must not be RUN_DIR")
    snap = load_snap(a.snap) if a.snap else None
    os.makedirs(a.out, exist_ok=True)
    mapped = snapped = failed = 0
    for path in sorted(glob.glob(os.path.join(a.run, "*"))):
        name = os.path.basename(path)
        if not name.endswith(".json"):
            if os.path.isfile(path):
                shutil.copy(path, os.path.join(a.out, name))
            continue
        project = name[: -len(".json")]
        with open(path) as f:
            doc = json.load(f)
        for x in doc.get("diagnostics") or []:
            if not x["file"].startswith("extracted/"):
                continue
            lua, lline, lcol = x["file"], x["line"], x.get("column")
            at = where(a.broad, project, lua, x["line"], x.get("column") or 1)
            if at is None:
                failed += 1
                print("%s %s:%s:%s: not mapped" % (project, lua, x["line"], x.get("column")), file=sys.stderr)
                continue
            end = None
            if x.get("end_line"):
                end = where(a.broad, project, lua, x["end_line"], x.get("end_column") or 1)
            x["file"], x["line"], x["column"] = at
            if end and end[0] == at[0]:
                x["end_line"], x["end_column"] = end[1], end[2]
            mapped += 1
            if snap is not None:
                cands = snap.get((project, x["file"], x["line"], x["rule"]), set())
                if x["column"] not in cands and len(cands) == 1:
                    (c,) = cands
                    print("%s %s:%d: %s: column %d -> %d (from %s:%s:%s)" % (
                        project, x["file"], x["line"], x["rule"], x["column"], c, lua, lline, lcol),
                        file=sys.stderr)
                    x["column"] = c
                    snapped += 1
        with open(os.path.join(a.out, name), "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    print("%d host findings mapped, %d snapped to the native run's column, %d not mapped" % (mapped, snapped, failed),
          file=sys.stderr)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
