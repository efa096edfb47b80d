#!/usr/bin/env bash
# Proves that the real reviewdog (v0.21.0, built from the Go module proxy)
# reads lint-lua's --format checkstyle and --format rdjson output and
# reports exactly lint-lua's findings: same file, line, column, severity,
# rule and message as --format json, nothing lost or added.
#
# Runs over examples/ plus one awkward file (a space and non-ASCII in
# its path, non-ASCII and quotes in the key the message names, so byte
# columns and escaping are exercised):
#   1. lint-lua --format checkstyle | reviewdog -f=checkstyle -reporter=local -filter-mode=nofilter
#   2. lint-lua --format rdjson     | reviewdog -f=rdjson     -reporter=local -filter-mode=nofilter
#   3. lint-lua --format rdjson     | reviewdog -f=rdjson     -reporter=rdjsonl -filter-mode=nofilter
#   4. the same with -diff="git diff HEAD~1" in a scratch repository whose
#      last commit adds one line: only the findings on that line remain.
# The local reporter prints each diagnostic as reviewdog parsed it (its
# "original output"); the rdjsonl reporter re-emits the parsed diagnostics
# as JSON, which also shows that reviewdog kept the end of each span, the
# severity and the rule's documentation URL.
#
# Needs go and python3. Usage: scripts/check-reviewdog.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== building lint-lua and reviewdog v0.21.0"
go build -o "$work/lint-lua" ./cmd/lint-lua
GOBIN="$work/bin" go install github.com/reviewdog/reviewdog/cmd/reviewdog@v0.21.0
rd="$work/bin/reviewdog"
ll="$work/lint-lua"

# lint-lua exits 1 when it finds something; that is expected here.
run_ll() { "$ll" "$@" || [ $? -eq 1 ]; }

mkdir -p "$work/src/odd dir"
cp -r examples "$work/src/"
cat >"$work/src/odd dir/clé.lua" <<'LUA'
local v = redis.call('GET', 'café:"ß"')
return v
LUA
cd "$work/src"
run_ll --format json examples "odd dir" >"$work/want.json"
run_ll --format checkstyle examples "odd dir" >"$work/out.xml"
run_ll --format rdjson examples "odd dir" >"$work/out.rdjson"

echo "== reviewdog -f=checkstyle -reporter=local -filter-mode=nofilter"
"$rd" -f=checkstyle -reporter=local -filter-mode=nofilter <"$work/out.xml" >"$work/rd-checkstyle.txt"
cat "$work/rd-checkstyle.txt"
echo "== reviewdog -f=rdjson -reporter=local -filter-mode=nofilter"
"$rd" -f=rdjson -reporter=local -filter-mode=nofilter <"$work/out.rdjson" >"$work/rd-rdjson.txt"
cat "$work/rd-rdjson.txt"
echo "== reviewdog -f=rdjson -reporter=rdjsonl -filter-mode=nofilter"
"$rd" -f=rdjson -reporter=rdjsonl -filter-mode=nofilter <"$work/out.rdjson" >"$work/rd-rdjsonl.txt"
head -n 2 "$work/rd-rdjsonl.txt"
echo "... ($(wc -l <"$work/rd-rdjsonl.txt") lines)"

echo "== comparing with lint-lua --format json"
python3 - "$work" <<'EOF'
import json, re, sys

work = sys.argv[1]
want = json.load(open(f"{work}/want.json"))["diagnostics"]
if not want:
    sys.exit("lint-lua found nothing in examples/: nothing to compare")
sev_rd = {"error": "ERROR", "warning": "WARNING", "info": "INFO"}

def key(d):
    return (d["file"], d["line"], d["column"], d["severity"], d["rule"], d["message"])

expected = sorted(key(d) for d in want)

def check(name, got):
    got = sorted(got)
    if got != expected:
        missing = [k for k in expected if k not in got]
        extra = [k for k in got if k not in expected]
        print(f"FAIL {name}: {len(got)} findings, want {len(expected)}")
        for k in missing:
            print("  missing:", k)
        for k in extra:
            print("  unexpected:", k)
        sys.exit(1)
    print(f"ok   {name}: {len(got)} findings, the same as lint-lua --format json")

# 1. checkstyle through the local reporter: "file:line:col: severity: message (source)".
line_re = re.compile(r"^(.+?):(\d+):(\d+): (error|warning|info): (.*) \(lint-lua\.([a-z0-9-]+)\)$")
got = []
for line in open(f"{work}/rd-checkstyle.txt", encoding="utf-8").read().splitlines():
    m = line_re.match(line)
    if not m:
        sys.exit(f"FAIL checkstyle: unparsable reviewdog line {line!r}")
    f, l, c, sev, msg, rule = m.groups()
    got.append((f, int(l), int(c), sev, rule, msg))
check("checkstyle via reviewdog -reporter=local", got)

# 2. rdjson through the local reporter, which prints each diagnostic in
# protobuf text format (with deliberately unstable spacing).
def unquote(s):
    out, i = bytearray(), 0
    simple = {"n": 10, "t": 9, "r": 13, '"': 34, "'": 39, "\\": 92, "a": 7, "b": 8, "f": 12, "v": 11}
    while i < len(s):
        ch = s[i]
        if ch != "\\":
            out += ch.encode("utf-8"); i += 1; continue
        e = s[i + 1]
        if e in simple:
            out.append(simple[e]); i += 2
        elif e == "x":
            out.append(int(s[i + 2:i + 4], 16)); i += 4
        elif e in "01234567":
            out.append(int(s[i + 1:i + 4], 8)); i += 4
        else:
            sys.exit(f"unknown escape \\{e} in {s!r}")
    return out.decode("utf-8")

q = r'"((?:[^"\\]|\\.)*)"'
pat = {
    "message": re.compile(r"^message:\s*" + q),
    "path": re.compile(r"path:\s*" + q),
    "start": re.compile(r"start:\s*\{\s*line:\s*(\d+)\s+column:\s*(\d+)\s*\}"),
    "severity": re.compile(r"\bseverity:\s*([A-Z]+)"),
    "code": re.compile(r"code:\s*\{\s*value:\s*" + q),
}
rd_sev = {v: k for k, v in sev_rd.items()}
got = []
for line in open(f"{work}/rd-rdjson.txt", encoding="utf-8").read().splitlines():
    m = {k: p.search(line) for k, p in pat.items()}
    if not all(m.values()):
        sys.exit(f"FAIL rdjson: unparsable reviewdog line {line!r}")
    got.append((unquote(m["path"].group(1)), int(m["start"].group(1)), int(m["start"].group(2)),
                rd_sev[m["severity"].group(1)], unquote(m["code"].group(1)), unquote(m["message"].group(1))))
check("rdjson via reviewdog -reporter=local", got)

# 3. rdjson re-emitted by reviewdog as JSON lines: the whole diagnostic,
# end of span and rule URL included.
got, full = [], []
for line in open(f"{work}/rd-rdjsonl.txt", encoding="utf-8"):
    d = json.loads(line)
    loc, rg = d["location"], d["location"]["range"]
    got.append((loc["path"], rg["start"]["line"], rg["start"]["column"], rd_sev[d["severity"]],
                d["code"]["value"], d["message"]))
    full.append((loc["path"], rg["start"]["line"], rg["start"]["column"], rg["end"]["line"], rg["end"]["column"],
                 d["code"]["value"], d["code"].get("url", ""), d.get("source", {}).get("name")))
check("rdjson via reviewdog -reporter=rdjsonl", got)
want_full = sorted((d["file"], d["line"], d["column"], d["end_line"], d["end_column"], d["rule"],
                    "https://github.com/lint-lua/lint-lua/blob/main/docs/rules.md#" + d["rule"], "lint-lua")
                   for d in want)
if sorted(full) != want_full:
    print("FAIL rdjsonl: spans, rule URLs or source name differ")
    for a, b in zip(sorted(full), want_full):
        if a != b:
            print("  got ", a, "\n  want", b)
    sys.exit(1)
print(f"ok   rdjson spans: every end line/column, rule URL and source name kept by reviewdog")
EOF
# 4. Only the findings on changed lines, as in a pull request: reviewdog
# reads the diff of a scratch repository whose second commit adds line 2.
echo "== reviewdog -f=rdjson -reporter=rdjsonl -diff=\"git diff HEAD~1\" (only line 2 is new)"
pr=$work/pr
mkdir -p "$pr"
git -C "$pr" init -q -b main
printf 'local v = redis.call("GET", "old_literal")\nreturn v\n' >"$pr/a.lua"
git -C "$pr" add a.lua
git -C "$pr" -c user.name=check -c user.email=check@lint-lua.invalid commit -q -m base
printf 'local v = redis.call("GET", "old_literal")\nlocal w = redis.call("GET", "new_literal")\nreturn {v, w}\n' >"$pr/a.lua"
git -C "$pr" add a.lua
git -C "$pr" -c user.name=check -c user.email=check@lint-lua.invalid commit -q -m "add a key"
(cd "$pr" && run_ll --format json . >"$work/pr-want.json")
(cd "$pr" && run_ll --format rdjson . | "$rd" -f=rdjson -reporter=rdjsonl -diff="git diff HEAD~1") >"$work/pr-got.jsonl"
python3 - "$work" <<'EOF2'
import json, sys
work = sys.argv[1]
all_ = [(d["line"], d["column"], d["rule"]) for d in json.load(open(f"{work}/pr-want.json"))["diagnostics"]]
want = sorted(k for k in all_ if k[0] == 2)
got = sorted((d["location"]["range"]["start"]["line"], d["location"]["range"]["start"]["column"], d["code"]["value"])
             for d in map(json.loads, open(f"{work}/pr-got.jsonl")))
if not want or len(want) == len(all_) or got != want:
    sys.exit(f"FAIL -diff: got {got}, want {want} (all findings: {all_})")
print(f"ok   -diff: reviewdog kept the {len(got)} findings on the added line and dropped the {len(all_) - len(got)} on the old one")
EOF2
echo "reviewdog accepted lint-lua's checkstyle and rdjson output"
