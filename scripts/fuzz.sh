#!/usr/bin/env bash
# Runs the fuzz targets one after another, each for its share of the time,
# one worker each (-parallel 1) so the campaign can share a small machine.
# Every line of the log says which target ran, when, for how long, and the
# last "execs" line go test printed; a crash leaves its input in
# <package>/testdata/fuzz/<Target>/, where it stays as a regression test.
# Usage: scripts/fuzz.sh [scale]   (scale multiplies every duration; default 1)
#        LOG=/path/to/log scripts/fuzz.sh
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scale=${1:-1}
log=${LOG:-fuzz.log}

# package target minutes
targets=(
  "./internal/lint FuzzLint 25"
  "./internal/lint FuzzParseIgnore 5"
  "./internal/luasrc FuzzParseRanges 15"
  "./internal/luasrc FuzzParse 10"
  "./internal/luasrc FuzzParserMatchesGopherLua 20"
  "./internal/config FuzzParse 8"
  "./internal/config FuzzMatch 6"
  "./analyzer FuzzLitText 10"
  "./internal/luasrc FuzzScan 20"
  "./analyzer FuzzGoRange 10"
  "./analyzer FuzzSharedConstantFix 10"
  "./internal/lint FuzzFix 10"
  "./internal/report FuzzUnderline 3"
  "./internal/report FuzzUnderlinePlain 2"
  "./internal/report FuzzTextWindow 2"
  "./internal/report FuzzJSONMatchesEncoder 3"
  "./internal/driver/source FuzzFindDirectives 3"
  "./internal/luasrc FuzzFastScan 5"
  "./internal/luasrc FuzzDecimalNumeral 2"
  "./internal/redisdb FuzzKeyPositions 3"
  "./internal/slot FuzzOf 3"
  "./internal/hostlang FuzzPython 5"
  "./internal/hostlang FuzzJavaScript 5"
  "./internal/hostlang FuzzJava 5"
  "./internal/hostlang FuzzKotlin 5"
  "./internal/hostlang FuzzPHP 5"
  "./internal/hostlang FuzzRuby 5"
  "./internal/hostlang FuzzCSharp 5"
  "./internal/hostlang FuzzRust 3"
  "./internal/hostlang FuzzElixir 3"
  "./internal/hostlang FuzzOpenResty 3"
  "./internal/hostlang FuzzPerl 3"
  "./internal/hostlang FuzzCrystal 3"
  "./internal/hostlang FuzzScala 3"
  "./internal/hostlang FuzzClojure 3"
  "./internal/hostlang FuzzMayHoldScript 5"
  "./internal/luasrc FuzzRedisEvidence 3"
  "./internal/driver/source FuzzLuaStringScripts 3"
)

for t in "${targets[@]}"; do
  read -r pkg name minutes <<<"$t"
  secs=$(awk -v m="$minutes" -v s="$scale" 'BEGIN { printf "%d", m * s * 60 }')
  out=$(mktemp)
  start=$(date -u +%s)
  echo "=== $name ($pkg) start $(date -u +%FT%TZ) fuzztime ${secs}s" >>"$log"
  # A short minimisation: FuzzLint spent most of its time minimising.
  go test -run '^$' -fuzz "^${name}\$" -fuzztime "${secs}s" -fuzzminimizetime 10s -parallel 1 "$pkg" >"$out" 2>&1
  status=$?
  end=$(date -u +%s)
  {
    grep -E 'execs:' "$out" | tail -n 1
    if [[ $status -ne 0 ]]; then
      echo "--- FAILED (exit $status):"
      grep -vE '^fuzz: elapsed' "$out" | tail -n 40
    fi
    echo "=== $name ($pkg) end $(date -u +%FT%TZ) status $status wall $((end - start))s"
  } >>"$log"
  rm -f "$out"
done
