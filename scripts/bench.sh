#!/usr/bin/env bash
# End-to-end lint throughput on real Redis Lua, next to luacheck and
# `luac5.1 -p` on the same files. Needs hyperfine, luacheck (Debian
# lua-check) and luac5.1 (Debian lua5.1); fetches the corpus with
# scripts/fetch-corpus.sh. The corpus is every .lua file the pinned npm
# packages ship (bullmq's esm copy left out), copied N times into a scratch
# folder so that it holds at least 20,000 lines.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./scripts/fetch-corpus.sh >/dev/null
go build -o /tmp/lint-lua-bench ./cmd/lint-lua
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
mapfile -t files < <(find testdata/corpus -name '*.lua' -not -path '*/esm/*' | sort)
lines=$(cat "${files[@]}" | wc -l)
copies=$(( (20000 + lines - 1) / lines ))
for ((i = 0; i < copies; i++)); do
  for f in "${files[@]}"; do
    d="$corpus/c$i/$(dirname "$f")"
    mkdir -p "$d" && cp "$f" "$d/"
  done
done
total=$(find "$corpus" -name '*.lua' | xargs cat | wc -l)
nfiles=$(find "$corpus" -name '*.lua' | wc -l)
echo "corpus: $nfiles files, $total lines ($copies copies of ${#files[@]} real files)"
hyperfine --warmup 2 --runs 10 -N --ignore-failure --export-markdown /tmp/lint-lua-bench.md \
  "/tmp/lint-lua-bench --format json $corpus" \
  "/tmp/lint-lua-bench --format json --jobs 1 $corpus" \
  "luacheck --quiet --no-config --codes $corpus" \
  "bash -c 'find $corpus -name \"*.lua\" -print0 | xargs -0 -n 200 luac5.1 -p'"
cat /tmp/lint-lua-bench.md
