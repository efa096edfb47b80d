#!/usr/bin/env bash
# Precision on real code (docs/precision.md): fetches pinned releases of
# public packages that ship Redis Lua and lints them all with every rule at
# its default settings, plus the configuration a user of the package would
# check in (scripts/precision/<pkg>.yaml, when the package assembles its
# scripts). Prints the count of findings per package, rule and severity;
# the full JSON goes to testdata/precision/<pkg>.json (ignored by git).
#
# npm packages come from scripts/fetch-corpus.sh. Go modules are fetched with
# `go mod download -json MOD@VER`, copied out of the read-only module cache
# into a scratch folder ($LINT_LUA_PRECISION_WORK, default
# ${TMPDIR:-/tmp}/lint-lua-precision, kept between runs: outside the
# repository, so gofmt and go vet never see them),
# given their own dependencies with `go mod download`, and linted with
# `lint-lua go --tests ./...` inside the copy (test files included: their
# examples are code users copy), except rueidis, whose generated command
# builders' tests take the type checker more than ten minutes and 6 GB, so
# its test files are left out. When the proxy refuses a dependency, the
# packages that load without it are linted and the others named.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
out=$root/testdata/precision
work=${LINT_LUA_PRECISION_WORK:-${TMPDIR:-/tmp}/lint-lua-precision}
mkdir -p "$out" "$work"
./scripts/fetch-corpus.sh >/dev/null
bin=$out/lint-lua
CGO_ENABLED=0 go build -o "$bin" ./cmd/lint-lua

# lint NAME DIR [CONFIG]: lint-lua's exit status 1 means findings, not failure.
lint() {
  local name=$1 dir=$2 cfg=${3:-}
  local args=(--format json)
  [[ -n $cfg ]] && args+=(--config "$root/$cfg")
  local rc=0
  (cd "$dir" && "$bin" "${args[@]}" .) >"$out/$name.json" 2>"$out/$name.stderr" || rc=$?
  if ((rc > 1)); then
    echo "$name: lint-lua exited $rc:" >&2
    cat "$out/$name.stderr" >&2
  fi
}

corpus=testdata/corpus
lint bull@4.16.5 "$corpus/bull/lib/commands" scripts/precision/bull.yaml
lint bee-queue@2.0.0 "$corpus/bee-queue/lib/lua"
lint bullmq@5.34.0 "$corpus/bullmq/dist/cjs/commands" scripts/precision/bullmq.yaml
lint bottleneck@2.19.5 "$corpus/bottleneck/src/redis" scripts/precision/bottleneck.yaml

# rueidislock is a package of the rueidis module at v1.0.79 (the proxy has no
# separate github.com/redis/rueidis/rueidislock module), so ./... of rueidis
# covers it.
for spec in github.com/go-redsync/redsync/v4@v4.18.1 github.com/go-redis/redis_rate/v10@v10.0.1 \
  github.com/bsm/redislock@v0.9.4 github.com/redis/rueidis@v1.0.79 github.com/gomodule/redigo@v1.9.3; do
  name=$(basename "${spec%@*}")
  [[ $name =~ ^v[0-9]+$ ]] && name=$(basename "$(dirname "${spec%@*}")")
  name=$name@${spec#*@}
  dest=$work/$name
  if [[ ! -f $dest/go.mod ]]; then
    src=$(cd "$work" && go mod download -json "$spec" | jq -r .Dir)
    rm -rf "$dest"
    cp -r "$src" "$dest"
    chmod -R u+w "$dest"
  fi
  pkgs=(./...)
  if ! (cd "$dest" && go mod download) 2>"$out/$name.stderr"; then
    # Some modules list a dependency the proxy refuses (redsync: valkey-go):
    # lint the packages that load without it, and say which are left out.
    mapfile -t pkgs < <(cd "$dest" && go list -e -f '{{if not .Incomplete}}{{.ImportPath}}{{end}}' ./... 2>/dev/null | grep -v '^$')
    left=$(cd "$dest" && go list -e -f '{{if .Incomplete}}{{.ImportPath}}{{end}}' ./... 2>/dev/null | grep -v '^$' | tr '\n' ' ')
    echo "$name: a dependency cannot be downloaded; left out: ${left:-none}" >&2
    grep -v '^go: downloading' "$out/$name.stderr" | head -2 >&2
    if ((${#pkgs[@]} == 0)); then
      rm -f "$out/$name.json"
      continue
    fi
  fi
  tests=--tests
  [[ $name == rueidis@* ]] && tests=--tests=false
  rc=0
  (cd "$dest" && "$bin" go $tests --format json "${pkgs[@]}") >"$out/$name.json" 2>>"$out/$name.stderr" || rc=$?
  if ((rc > 1)); then
    echo "$name: lint-lua go exited $rc:" >&2
    head -5 "$out/$name.stderr" >&2
  fi
done

printf '\n%-24s %6s  %-28s %-8s %5s\n' package files rule severity count
for f in "$out"/*.json; do
  pkg=$(basename "$f" .json)
  files=$(jq .files "$f")
  n=$(jq '.diagnostics | length' "$f")
  if ((n == 0)); then
    printf '%-24s %6s  %-28s %-8s %5s\n' "$pkg" "$files" - - 0
    continue
  fi
  jq -r '.diagnostics | group_by(.rule + " " + .severity)[] | "\(.[0].rule) \(.[0].severity) \(length)"' "$f" |
    while read -r rule sev count; do
      printf '%-24s %6s  %-28s %-8s %5s\n' "$pkg" "$files" "$rule" "$sev" "$count"
    done
done
echo
echo "full findings: $out/<package>.json"
