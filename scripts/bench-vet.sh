#!/usr/bin/env bash
# Cost of lint-lua's Go analyzer under go vet: `go vet -vettool=lint-lua-vet`
# against plain `go vet` on real modules that embed Redis Lua, in the same
# run. Needs go, hyperfine and jq, and the Go module proxy.
#
#   scripts/bench-vet.sh          # RUNS=5 scripts/bench-vet.sh for fewer runs
#
# go vet caches its results, so a second run of an unchanged package measures
# only the cache. Before every timed run a fresh comment is written into a
# file in each package vetted (zz_bench_nonce.go), so both commands vet (and
# compile for their dependents) every package of the module, as after a
# change, while the module's dependencies stay compiled in the build cache:
# the cost of vetting the module itself.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs=${RUNS:-10}
for tool in hyperfine jq; do
  command -v "$tool" >/dev/null || { echo "bench-vet.sh: $tool is missing" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
vettool=$work/lint-lua-vet
CGO_ENABLED=0 go build -o "$vettool" ./cmd/lint-lua-vet
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(go version)"
echo
echo "| module | packages | Lua findings | go vet | go vet -vettool=lint-lua-vet | ratio | CPU: go vet | CPU: -vettool | CPU ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
# module@version and the packages to vet.
for spec in \
  "github.com/go-redsync/redsync/v4@v4.18.1 ./..." \
  "github.com/bsm/redislock@v0.9.4 ./..." \
  "github.com/go-redis/redis_rate/v10@v10.0.1 ./..." \
  "github.com/redis/rueidis@v1.0.79 ./rueidislock/..."; do
  read -r modver pattern <<<"$spec"
  name=$(basename "${modver%@*}")
  if ! dir=$(go mod download -json "$modver" 2>/dev/null | jq -re .Dir); then
    echo "| $modver | skipped: the module proxy refused it | | | | | | | |"
    continue
  fi
  m=$work/$name
  cp -r "$dir" "$m"
  chmod -R u+w "$m"
  # Packages whose dependencies the proxy serves (some modules list
  # dependencies the proxy refuses); the rest are left out and said.
  (cd "$m" && go mod download >/dev/null 2>&1 || true)
  mapfile -t pkgs < <(cd "$m" && go list -e -f '{{if not .Incomplete}}{{.ImportPath}}{{end}}' "$pattern" 2>/dev/null | grep -v '^$')
  if ((${#pkgs[@]} == 0)); then
    echo "| $modver | skipped: no package loads | | | | | | | |"
    continue
  fi
  nonce=$work/nonce-$name.sh
  {
    echo '#!/bin/sh'
    echo 'n=$(date +%s%N)'
    (cd "$m" && go list -f '{{.Dir}} {{.Name}}' "${pkgs[@]}") | while read -r d p; do
      echo "printf 'package $p\\n\\n// \$n\\n' > '$d/zz_bench_nonce.go'"
    done
  } >"$nonce"
  chmod +x "$nonce"
  "$nonce"
  # Warm the build cache with both, and count what the analyzer reports.
  (cd "$m" && go vet "${pkgs[@]}" >/dev/null 2>&1 || true)
  findings=$(cd "$m" && go vet -vettool="$vettool" "${pkgs[@]}" 2>&1 | grep -c '\.go:[0-9]*:[0-9]*: ' || true)
  (cd "$m" && hyperfine --warmup 1 --runs "$runs" -N --ignore-failure --style none --prepare "$nonce" \
    --export-json "$work/vet.json" \
    -n "go vet" "go vet ${pkgs[*]}" \
    -n "go vet -vettool" "go vet -vettool=$vettool ${pkgs[*]}" >/dev/null 2>&1)
  jq -r --arg mod "$modver" --arg n "${#pkgs[@]}" --arg f "$findings" '
    .results as [$plain, $tool]
    | ($plain.user + $plain.system) as $pc | ($tool.user + $tool.system) as $tc
    | "| \($mod) | \($n) | \($f) | \($plain.mean * 1000 | round) ± \($plain.stddev * 1000 | round) ms | \($tool.mean * 1000 | round) ± \($tool.stddev * 1000 | round) ms | \($tool.mean / $plain.mean * 100 | round / 100) | \($pc * 1000 | round) ms | \($tc * 1000 | round) ms | \($tc / $pc * 100 | round / 100) |"' "$work/vet.json"
done
echo
echo "target: ratio <= 1.5"
