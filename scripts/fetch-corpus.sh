#!/usr/bin/env bash
# Fetches pinned releases of public npm packages that ship Redis Lua, for
# precision reviews and benchmarks. Output: testdata/corpus/<pkg>/ (ignored by git).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dest=testdata/corpus
mkdir -p "$dest"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for spec in bull@4.16.5 bee-queue@2.0.0 bullmq@5.34.0 bottleneck@2.19.5; do
  name=${spec%@*}
  [[ -d $dest/$name ]] && continue
  echo "==> $spec"
  (cd "$tmp" && npm pack --silent "$spec" >/dev/null)
  mkdir -p "$dest/$name"
  tar -xzf "$tmp"/"$name"-*.tgz -C "$dest/$name" --strip-components=1
done
find "$dest" -name '*.lua' | wc -l
