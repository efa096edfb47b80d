#!/usr/bin/env bash
# End-to-end benchmark on real Redis Lua. Needs go, hyperfine, jq, luacheck
# (Debian lua-check), luac5.1 (Debian lua5.1) and GNU time (Debian time).
#
#   scripts/bench.sh            # all three parts
#   RUNS=5 scripts/bench.sh     # fewer hyperfine runs for the comparison
#
# 1. Comparison: the pinned npm packages of scripts/fetch-corpus.sh, scaled
#    by scripts/gencorpus to ~30,000 lines (copies with renamed locals, so
#    no two files are identical), linted by lint-lua, luacheck and bare
#    `luac5.1 -p` (the C parser alone, the floor) on the same files in the
#    same run. Every tool is one process started by hyperfine (-N, no
#    shell), so process start counts for all of them; luac5.1 gets every
#    file as an argument of one process.
# 2. Linearity: lint-lua on 30,000, 300,000 and 1,000,000 lines.
# 3. Peak memory (GNU time, maximum resident set size) as the number of
#    files grows.
# 4. The real corpus as fetched (scripts/fetch-corpus.sh, no copies):
#    lint-lua, luacheck and `luac5.1 -p` side by side on the same files,
#    each given every file as an argument of one process.
# 5. Host-language scanning on large real trees (scripts/fetch-hosttrees.sh:
#    Redisson, Laravel, spring-data-redis): lint-lua on the whole tree
#    against `grep -rl redis.call` on it.
# Parts 4 and 5 print, for each pair, the ratio of the minimum times and of
# the median times over the runs.
# 6. Instruction counts (valgrind --tool=callgrind), which a loaded machine
#    does not change: lint-lua (with and without --- @include assembly),
#    `luac5.1 -p` and luacheck on the real corpus of part 4, a one-file run
#    of each, and lint-lua against `grep -rl redis.call` on the host trees
#    of part 5, with the ratios. Go's runtime is run with
#    GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off so that the count does not
#    depend on timer signals. Not in the default parts (valgrind is slow:
#    ~10 minutes); PARTS=6 runs it, LUACHECK_IR=0 leaves luacheck out.
#
#   PARTS="4 5" RUNS=3 scripts/bench.sh    # only some parts
#   HOSTTREES=/path scripts/bench.sh       # trees already on disk (one folder each)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs=${RUNS:-20}
parts=" ${PARTS:-1 2 3 4 5} "
part() { [[ $parts == *" $1 "* ]]; }
need="hyperfine jq luacheck luac5.1 grep git"
[[ $parts == *" 6 "* ]] && need+=" valgrind"
for tool in $need; do
  command -v "$tool" >/dev/null || { echo "bench.sh: $tool is missing" >&2; exit 2; }
done
[[ -x /usr/bin/time ]] || { echo "bench.sh: GNU time (/usr/bin/time) is missing: apt-get install time" >&2; exit 2; }
./scripts/fetch-corpus.sh >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=$work/lint-lua
# Built as the README installs it: static, without cgo.
CGO_ENABLED=0 go build -o "$bin" ./cmd/lint-lua
CGO_ENABLED=0 go build -o "$work/gencorpus" ./scripts/gencorpus

echo "machine: $(nproc) CPUs, $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tools: $("$bin" version 2>/dev/null | head -1), $(luacheck --version | head -1), $(luac5.1 -v 2>&1 | head -1)"

lines_of() { find "$1" -name '*.lua' -print0 | xargs -0 cat | wc -l; }
files_of() { find "$1" -name '*.lua' | wc -l; }

# --- 1. comparison on ~30,000 lines --------------------------------------
if part 1; then
"$work/gencorpus" -lines 30000 -out "$work/c30k" >/dev/null
mapfile -t files < <(find "$work/c30k" -name '*.lua' | sort)
echo
echo "== 1. lint-lua vs luacheck vs luac5.1 -p: $(files_of "$work/c30k") files, $(lines_of "$work/c30k") lines"
# The floor must have parsed everything: luac stops at the first error.
luac5.1 -p "${files[@]}"
hyperfine --warmup 3 --runs "$runs" -N --ignore-failure --style basic --export-json "$work/cmp.json" \
  -n lint-lua "$bin --format json $work/c30k" \
  -n luacheck "luacheck --quiet --no-config --codes $work/c30k" \
  -n "luac5.1 -p" "luac5.1 -p ${files[*]}" >/dev/null 2>"$work/hf.err" || { cat "$work/hf.err" >&2; exit 1; }
jq -r '
  (.results | map({key: .command, value: .}) | from_entries) as $r
  | "| tool | mean | stddev | min | CPU (user+sys) | lint-lua is |",
    "|---|---|---|---|---|---|",
    (.results[] | "| \(.command) | \(.mean * 1000 | round) ms | \(.stddev * 1000 | round) ms | \(.min * 1000 | round) ms | \((.user + .system) * 1000 | round) ms | " +
      (if .command == "lint-lua" then "-" else
        ($r["lint-lua"].mean / .mean) as $x
        | if $x < 1 then "\(1 / $x * 100 | round / 100)x faster" else "\($x * 100 | round / 100)x slower" end
      end) + " |")
' "$work/cmp.json"
jq -r '(.results | map({key: .command, value: .mean}) | from_entries) as $m
  | "targets: luacheck/lint-lua = \($m["luacheck"] / $m["lint-lua"] * 10 | round / 10) (want >= 20), lint-lua/luac5.1 = \($m["lint-lua"] / $m["luac5.1 -p"] * 10 | round / 10) (want <= 2)"' "$work/cmp.json"
fi

# --- 2. linearity -----------------------------------------------------------
if part 2 || part 3; then
[[ -d $work/c30k ]] || "$work/gencorpus" -lines 30000 -out "$work/c30k" >/dev/null
"$work/gencorpus" -lines 300000 -out "$work/c300k" >/dev/null
"$work/gencorpus" -lines 1000000 -out "$work/c1m" >/dev/null
fi
if part 2; then
echo
echo "== 2. lint-lua time against input size"
echo "| lines | files | wall | wall per line | CPU (user+sys) | CPU per line |"
echo "|---|---|---|---|---|---|"
for c in c30k c300k c1m; do
  n=$(lines_of "$work/$c")
  hyperfine --warmup 1 --runs 3 -N --ignore-failure --style none --export-json "$work/lin.json" \
    "$bin --format json $work/$c" >/dev/null 2>"$work/hf.err" || { cat "$work/hf.err" >&2; exit 1; }
  jq -r --argjson n "$n" --arg f "$(files_of "$work/$c")" \
    '.results[0] as $r | ($r.user + $r.system) as $c
    | "| \($n) | \($f) | \($r.mean * 1000 | round) ms | \($r.mean / $n * 1e9 | round) ns | \($c * 1000 | round) ms | \($c / $n * 1e9 | round) ns |"' "$work/lin.json"
done
fi

# --- 3. peak memory against the number of files -----------------------------
# The CLI keeps no source, AST or model of a finished file, only its findings
# (and the lines they quote): "no findings" runs with every rule disabled, so
# what is left is what the run holds per file.
if part 3; then
echo
echo "== 3. lint-lua peak memory against the number of files (GNU time -v)"
all_rules=$("$bin" rules | awk 'NR > 1 {print $1}' | paste -sd, -)
echo "| files | lines | findings | max RSS | max RSS, --jobs 1 | max RSS, no findings |"
echo "|---|---|---|---|---|---|"
for c in c30k c300k c1m; do
  rss() {
    /usr/bin/time -v "$bin" --format json "$@" "$work/$c" 2>&1 >/dev/null |
      awk -F': ' '/Maximum resident set size/ {printf "%.1f MB", $2 / 1024}'
  }
  findings=$({ "$bin" --format json "$work/$c" || true; } | jq '.diagnostics | length')
  echo "| $(files_of "$work/$c") | $(lines_of "$work/$c") | $findings | $(rss) | $(rss --jobs 1) | $(rss --disable "$all_rules") |"
done
fi

# ratios JSON A B: the ratio of A's time to B's, of the minimums and of the
# medians of the runs, as "min X, median Y".
ratios() {
  jq -r --arg a "$2" --arg b "$3" '
    (.results | map({key: .command, value: .}) | from_entries) as $r
    | "min \($r[$a].min / $r[$b].min * 100 | round / 100), median \($r[$a].median / $r[$b].median * 100 | round / 100)"' "$1"
}
# times JSON: a row of each command's minimum and median wall time and
# mean CPU (user+sys).
times() {
  jq -r '.results[] | "| \(.command) | \(.min * 1000 | round) ms | \(.median * 1000 | round) ms | \((.user + .system) * 1000 | round) ms |"' "$1"
}

# --- 4. the real corpus, as fetched -----------------------------------------
if part 4; then
# The npm packages as scripts/fetch-corpus.sh unpacks them, bullmq's esm
# copy left out (the same files as its cjs copy), as benchdata reads them.
mapfile -t real < <(find testdata/corpus -name '*.lua' -not -path '*/esm/*' | sort)
echo
echo "== 4. real corpus: ${#real[@]} files, $(cat "${real[@]}" | wc -l) lines (testdata/corpus)"
luac5.1 -p "${real[@]}"
hyperfine --warmup 2 --runs "$runs" -N --ignore-failure --style basic --export-json "$work/real.json" \
  -n lint-lua "$bin --format json ${real[*]}" \
  -n luacheck "luacheck --quiet --no-config --codes ${real[*]}" \
  -n "luac5.1 -p" "luac5.1 -p ${real[*]}" >/dev/null 2>"$work/hf.err" || { cat "$work/hf.err" >&2; exit 1; }
echo "| tool | min | median | CPU (user+sys) |"
echo "|---|---|---|---|"
times "$work/real.json"
echo "luacheck/lint-lua: $(ratios "$work/real.json" luacheck lint-lua) (want >= 20)"
echo "lint-lua/luac5.1 -p: $(ratios "$work/real.json" lint-lua "luac5.1 -p") (want <= 2)"
fi

# --- 5. host-language scanning on large real trees --------------------------
if part 5; then
trees=${HOSTTREES:-testdata/hosttrees}
[[ -n ${HOSTTREES:-} ]] || ./scripts/fetch-hosttrees.sh >/dev/null
echo
echo "== 5. host-language trees: lint-lua against grep -rl redis.call"
echo "| tree | files | files with redis.call | lint-lua min | median | grep min | median | lint-lua/grep (want <= 3) |"
echo "|---|---|---|---|---|---|---|---|"
for t in "$trees"/*/; do
  t=${t%/}
  hyperfine --warmup 1 --runs "$runs" -N --ignore-failure --style none --export-json "$work/host.json" \
    -n lint-lua "$bin --format json $t" \
    -n grep "grep -rl redis.call $t" >/dev/null 2>"$work/hf.err" || { cat "$work/hf.err" >&2; exit 1; }
  jq -r --arg t "$(basename "$t")" --arg f "$(find "$t" -type f | wc -l)" --arg g "$(grep -rl redis.call "$t" | wc -l)" --arg r "$(ratios "$work/host.json" lint-lua grep)" '
    (.results | map({key: .command, value: .}) | from_entries) as $x
    | "| \($t) | \($f) | \($g) | \($x["lint-lua"].min * 1000 | round) ms | \($x["lint-lua"].median * 1000 | round) ms | \($x["grep"].min * 1000 | round) ms | \($x["grep"].median * 1000 | round) ms | \($r) |"' "$work/host.json"
done
fi

# --- 6. instruction counts ----------------------------------------------------
if part 6; then
# ir NAME CMD...: the instructions CMD executes, all its threads and the
# programs it runs (luacheck is a script: env, then lua5.1), under
# callgrind (exit status ignored: lint-lua exits 1 on findings).
ir() {
  local name=$1
  shift
  GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind --trace-children=yes \
    --callgrind-out-file="$work/cg.$name.%p" "$@" >/dev/null 2>"$work/cg.$name.log" || true
  grep -oP 'Collected : \K[0-9]+' "$work/cg.$name.log" | awk '{n += $1} END {print n}'
}
# ratio A B: A/B to two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
mil() { awk -v a="$1" 'BEGIN {printf "%.1f M", a / 1e6}'; }
mapfile -t real < <(find testdata/corpus -name '*.lua' -not -path '*/esm/*' | sort)
one=testdata/corpus/bullmq/dist/cjs/commands/addStandardJob-8.lua
echo
echo "== 6. instructions (callgrind): ${#real[@]} files, $(cat "${real[@]}" | wc -l) lines (testdata/corpus)"
luac=$(ir luac luac5.1 -p "${real[@]}")
inc=$(ir inc "$bin" --format json "${real[@]}")
noinc=$(ir noinc "$bin" --format json --includes=false "${real[@]}")
none=$(ir none "$bin" --format json /dev/null)
luac1=$(ir luac1 luac5.1 -p "$one")
one1=$(ir one "$bin" --format json "$one")
echo "| run | instructions | / luac5.1 -p |"
echo "|---|---|---|"
echo "| luac5.1 -p, every file | $(mil "$luac") | 1 |"
echo "| lint-lua, every file (--- @include assembly) | $(mil "$inc") | $(ratio "$inc" "$luac") |"
echo "| lint-lua --includes=false, every file | $(mil "$noinc") | $(ratio "$noinc" "$luac") |"
if [[ ${LUACHECK_IR:-1} != 0 ]]; then
  lc=$(ir luacheck luacheck --quiet --no-config --codes "${real[@]}")
  echo "| luacheck, every file | $(mil "$lc") | $(ratio "$lc" "$luac") (luacheck/lint-lua: $(ratio "$lc" "$inc")) |"
fi
echo "| lint-lua on no file (/dev/null: start and exit) | $(mil "$none") | $(ratio "$none" "$luac") |"
echo "| luac5.1 -p, one file ($(basename "$one")) | $(mil "$luac1") | 1 |"
echo "| lint-lua, that file (its includes assembled) | $(mil "$one1") | $(ratio "$one1" "$luac1") |"
trees=${HOSTTREES:-testdata/hosttrees}
[[ -n ${HOSTTREES:-} ]] || ./scripts/fetch-hosttrees.sh >/dev/null
echo
echo "| tree | lint-lua | grep -rl redis.call | lint-lua/grep (want <= 3) |"
echo "|---|---|---|---|"
for t in "$trees"/*/; do
  t=${t%/}
  l=$(ir host "$bin" --format json "$t")
  g=$(ir grep grep -rl redis.call "$t")
  echo "| $(basename "$t") | $(mil "$l") | $(mil "$g") | $(ratio "$l" "$g") |"
done
fi
