#!/usr/bin/env bash
# The entry of the *-release hooks in .pre-commit-hooks.yaml: runs
# lint-lua with the hook's arguments, using a released binary when there is
# one. pre-commit runs it from its copy of this repository at the rev the
# user's .pre-commit-config.yaml pins:
#   - a lint-lua on PATH whose --version names that revision (the binaries of
#     scripts/release.sh link it in) is run as it is: nothing is built;
#   - otherwise this revision is built once (go build, the go on PATH) into
#     pre-commit's copy, and that binary is run from then on. Until the
#     module is published and releases carry binaries, this build is what
#     happens on first use (about 3 minutes), as with the golang hooks.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rev=$(git -C "$here" rev-parse HEAD 2>/dev/null || true)
if [[ -n $rev ]] && command -v lint-lua >/dev/null 2>&1 &&
  lint-lua --version 2>/dev/null | grep -qF "(revision $rev"; then
  exec lint-lua "$@"
fi
bin=$here/.pre-commit-bin/lint-lua
if [[ ! -x $bin ]]; then
  command -v go >/dev/null 2>&1 || {
    echo "lint-lua: no lint-lua of revision ${rev:-unknown} on PATH, and no go command to build one" >&2
    exit 2
  }
  echo "lint-lua: no lint-lua of revision ${rev:-unknown} on PATH: building it once (go build)" >&2
  (cd "$here" && CGO_ENABLED=0 go build -trimpath -buildvcs=false \
    -ldflags "-X github.com/lint-lua/lint-lua/internal/version.Revision=$rev" -o "$bin.tmp" ./cmd/lint-lua) >&2
  mv "$bin.tmp" "$bin"
fi
exec "$bin" "$@"
