#!/usr/bin/env bash
# add-ignore-check.sh DIR: runs lint-lua --add-ignore on DIR (a git checkout
# or a copy: it is edited) and prints the findings before, what was added,
# the findings after, and whether a second --add-ignore would change
# anything; then checks every changed .lua file with luac5.1 -p when it is
# installed. docs/adoption.md records runs on real projects.
#
# LINT_LUA names the binary (default: lint-lua on PATH).
set -euo pipefail
dir=${1:?usage: add-ignore-check.sh DIR}
ll=${LINT_LUA:-lint-lua}
cd "$dir"
[ -d .git ] || { git init -q && git add -A && git -c user.email=x@x -c user.name=x commit -qm base; }
echo "before: $("$ll" --statistics . 2>/dev/null | tail -1)"
"$ll" --add-ignore . 2>&1 >/dev/null | grep '^lint-lua:' || true
echo "after: $("$ll" . 2>/dev/null | tail -1)"
echo "files a second --add-ignore would change: $("$ll" --add-ignore --diff . 2>/dev/null | grep -c '^+++' || true)"
echo "changed: $(git diff --stat | tail -1)"
if command -v luac5.1 >/dev/null; then
	git diff --name-only -- '*.lua' | while read -r f; do luac5.1 -p "$f" || echo "luac5.1 refuses $f"; done
fi
