#!/usr/bin/env bash
# Proves the hooks in .pre-commit-hooks.yaml with the real pre-commit
# (Debian package, installed if missing): in scratch git repositories,
#   - `pre-commit try-repo <this repo> lint-lua` fails on a staged bad Lua
#     script with lint-lua's message and passes on a good one;
#   - the same for lint-lua-go on a Go module whose go-redis script is bad,
#     then fixed;
#   - lint-lua-release runs a lint-lua of scripts/release.sh built from this
#     revision when it is on PATH, and builds one when it is not;
#   - with a .pre-commit-config.yaml naming this repository and
#     `pre-commit install`, `git commit` of the bad script is refused and
#     the good one is committed.
# pre-commit builds lint-lua with `go install ./...` from the commit at
# HEAD of this repository (commit first). GOTOOLCHAIN=local makes it use
# the Go on PATH, never a downloaded toolchain; GOMODCACHE is shared with
# the caller's so modules come from the local cache or the module proxy once.
#
# Usage: scripts/check-precommit.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD

if ! command -v pre-commit >/dev/null; then
  echo "== installing pre-commit (Debian package)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pre-commit >/dev/null
fi
command -v go >/dev/null || { echo "go is not on PATH: pre-commit would download a Go toolchain"; exit 1; }
echo "pre-commit $(pre-commit --version | awk '{print $2}'), $(go version | awk '{print $3}')"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home" GOTOOLCHAIN=local GOMODCACHE="$(go env GOMODCACHE)"
export GIT_AUTHOR_NAME=check GIT_AUTHOR_EMAIL=check@lint-lua.invalid
export GIT_COMMITTER_NAME=check GIT_COMMITTER_EMAIL=check@lint-lua.invalid
head=$(git -C "$repo" rev-parse HEAD)
if [ -n "$(git -C "$repo" status --porcelain -- .pre-commit-hooks.yaml)" ]; then
  echo "note: .pre-commit-hooks.yaml has uncommitted changes; try-repo uses a snapshot of them"
fi

fail() { echo "FAIL: $*"; exit 1; }

# try_repo EXPECT HOOK DIR [ARGS...]: runs try-repo in DIR on the staged
# files and checks its exit status (0 passed, 1 the hook failed) and output.
try_repo() {
  local expect=$1 hook=$2 dir=$3 out status=0
  shift 3
  echo "== (in $(basename "$dir")) pre-commit try-repo $repo $hook $*   [expect exit $expect]"
  out=$(cd "$dir" && pre-commit try-repo "$repo" "$hook" --color never "$@" 2>&1) || status=$?
  # try-repo first prints the generated config; show the hook's own run.
  printf '%s\n' "$out" | sed -n '/^\[INFO\] Initializing\|^\[INFO\] Installing\|^lint-lua/,$p'
  echo "-- exit $status"
  [ "$status" -eq "$expect" ] || fail "$hook exited $status, want $expect"
  LAST_OUT=$out
}

# --- Lua scripts ------------------------------------------------------------
lua=$work/lua-repo
mkdir -p "$lua/scripts"
git -C "$lua" init -q -b main
cat >"$lua/scripts/take.lua" <<'EOF'
local stock = redis.call('GET', KEYS[1])
if stock > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
EOF
git -C "$lua" add scripts/take.lua
try_repo 1 lint-lua "$lua"
grep -q "lint-lua.*Failed" <<<"$LAST_OUT" || fail "no Failed line"
grep -q "scripts/take.lua:2:4: error: .*(string-number-compare)" <<<"$LAST_OUT" || fail "lint-lua's finding not shown"

cat >"$lua/scripts/take.lua" <<'EOF'
local stock = tonumber(redis.call('GET', KEYS[1])) or 0
if stock > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
EOF
git -C "$lua" add scripts/take.lua
try_repo 0 lint-lua "$lua"
grep -q "lint-lua.*Passed" <<<"$LAST_OUT" || fail "no Passed line"

# --- Lua embedded in Go -----------------------------------------------------
gorepo=$work/go-repo
mkdir -p "$gorepo/stock"
git -C "$gorepo" init -q -b main
cat >"$gorepo/go.mod" <<'EOF'
module example.com/shop

go 1.21
EOF
write_go() { # $1: the Lua comparison line
  cat >"$gorepo/stock/stock.go" <<EOF
package stock

import (
	"context"

	"github.com/redis/go-redis/v9"
)

var take = redis.NewScript(\`
$1
if stock > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
\`)

// Take decrements the stock if any is left.
func Take(ctx context.Context, rdb *redis.Client, key string) (int64, error) {
	return take.Run(ctx, rdb, []string{key}).Int64()
}
EOF
}
write_go "local stock = redis.call('GET', KEYS[1])"
(cd "$gorepo" && go get github.com/redis/go-redis/v9@v9.7.3 >/dev/null 2>&1 && go mod tidy >/dev/null 2>&1) ||
  fail "could not fetch go-redis"
git -C "$gorepo" add -A
try_repo 1 lint-lua-go "$gorepo"
grep -q "lint-lua (Lua in Go).*Failed" <<<"$LAST_OUT" || fail "no Failed line"
grep -q "stock/stock.go:11:4: error: .*(string-number-compare)" <<<"$LAST_OUT" || fail "lint-lua's finding not shown"

write_go "local stock = tonumber(redis.call('GET', KEYS[1])) or 0"
git -C "$gorepo" add -A
try_repo 0 lint-lua-go "$gorepo"
grep -q "lint-lua (Lua in Go).*Passed" <<<"$LAST_OUT" || fail "no Passed line"

# --- The release variant ---------------------------------------------------
# With a binary of scripts/release.sh built from this revision on PATH, the
# *-release hook runs it and builds nothing; without one, it builds.
echo "== scripts/release.sh --host: a release archive of $head"
"$repo/scripts/release.sh" --host --out "$work/dist" "v0.0.0-precommit" >/dev/null
tar -xzf "$work"/dist/lint-lua_*.tar.gz -C "$work/dist"
relbin=$(cd "$work"/dist/lint-lua_*/ && pwd)
"$relbin/lint-lua" --version
printf 'x = redis.call("GET", "literal")\n' >"$lua/scripts/rel.lua"
git -C "$lua" add scripts/rel.lua
# --ref HEAD: the release was built from the commit, so the hook must be
# that commit, not try-repo's snapshot of uncommitted changes.
PATH="$relbin:$PATH" try_repo 1 lint-lua-release "$lua" --ref "$head"
grep -q "scripts/rel.lua:1:1: error: .*(global-assignment)" <<<"$LAST_OUT" || fail "lint-lua's finding not shown"
! grep -q "building it once" <<<"$LAST_OUT" || fail "the hook built lint-lua with the released one on PATH"
try_repo 1 lint-lua-release "$lua" --ref "$head"
grep -q "building it once" <<<"$LAST_OUT" || fail "without a released lint-lua on PATH, the hook did not build one"
grep -q "scripts/rel.lua:1:1: error: .*(global-assignment)" <<<"$LAST_OUT" || fail "lint-lua's finding not shown"
git -C "$lua" rm -q --cached scripts/rel.lua
rm "$lua/scripts/rel.lua"

# --- A real commit through `pre-commit install` -----------------------------
echo "== git commit through the installed hook, config naming $repo at $head"
cat >"$lua/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $repo
    rev: $head
    hooks:
      - id: lint-lua
EOF
(cd "$lua" && pre-commit install >/dev/null)
git -C "$lua" add .pre-commit-config.yaml
git -C "$lua" commit -q -m "good script and config"   # the good script is still staged
echo "-- committed the good script: $(git -C "$lua" log --oneline | head -n 1)"
before=$(git -C "$lua" rev-parse HEAD)
printf 'x = redis.call("GET", "literal")\n' >"$lua/scripts/bad.lua"
git -C "$lua" add scripts/bad.lua
status=0
out=$(git -C "$lua" commit -m "bad script" 2>&1) || status=$?
printf '%s\n' "$out"
echo "-- git commit exit $status"
[ "$status" -ne 0 ] || fail "the commit of a bad script went through"
[ "$(git -C "$lua" rev-parse HEAD)" = "$before" ] || fail "HEAD moved"
grep -q "scripts/bad.lua:1:1: error: .*(global-assignment)" <<<"$out" || fail "lint-lua's finding not shown"

# The environment pre-commit built for the configuration used the system
# Go (golangenv-system), not a downloaded toolchain. (try-repo builds its
# environments in a temporary store of its own.)
envs=$(cd "$PRE_COMMIT_HOME" && ls -d repo*/golangenv-* | sed 's|.*/||' | sort | uniq -c)
echo "pre-commit environments: $envs"
[ "$(cd "$PRE_COMMIT_HOME" && ls -d repo*/golangenv-* | grep -vc 'golangenv-system$')" -eq 0 ] ||
  fail "pre-commit built a Go environment other than the system Go"
echo "ok: pre-commit ran lint-lua, lint-lua-go and lint-lua-release; bad scripts blocked, good ones passed"
