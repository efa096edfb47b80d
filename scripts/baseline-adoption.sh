#!/usr/bin/env bash
# baseline-adoption.sh DIR: the adoption path of README.md ("Turning lint-lua
# on for an existing codebase") run on a copy of a real repository, printing
# each command and what it printed (docs/adoption.md is one run of it, on
# seomoz/qless-core). It edits DIR: give it a copy.
#
#   1. record today's findings in a baseline; a run with it reports none
#   2. insert lines above the recorded findings: still none
#   3. add a bug (a global assignment in worker.lua): exactly that one
#   4. fix an old finding (a LIMIT on worker.lua's ZREVRANGEBYSCORE): its
#      entry is listed as stale; --prune-baseline drops it
#
# LINT_LUA names the binary (default: lint-lua on PATH).
set -euo pipefail
dir=${1:?usage: baseline-adoption.sh DIR}
ll=${LINT_LUA:-lint-lua}
cd "$dir"
run() {
	printf '$ %s\n' "$*"
	local rc=0
	"$@" 2>&1 || rc=$?
	printf '[exit %d]\n\n' "$rc"
}
entries() { grep -c '"rule":' lint-lua-baseline.json; }

echo '## 1. Record the findings of today'
run "$ll" --statistics .
run "$ll" --write-baseline lint-lua-baseline.json .
echo "entries in lint-lua-baseline.json: $(entries)"
echo
run "$ll" --baseline lint-lua-baseline.json .

echo '## 2. An unrelated edit: three lines inserted at the top of every .lua file'
for f in *.lua; do
	printf -- '-- Copyright notice\n-- added above\n-- every finding\n' | cat - "$f" >"$f.new" && mv "$f.new" "$f"
done
run "$ll" --baseline lint-lua-baseline.json .

echo '## 3. A new bug: a global assignment (a forgotten local) in QlessWorker.deregister'
sed -i 's/^\(  redis.call(.zrem., .ql:workers., unpack(arg))\)$/\1\n  deregistered = #arg/' worker.lua
run grep -n 'deregistered' worker.lua
run "$ll" --baseline lint-lua-baseline.json .

echo '## 4. An old finding fixed: a LIMIT on the stalled jobs read'
sed -i "s/\(stalled = redis.call('zrevrangebyscore', 'ql:w:' .. worker .. ':jobs', now, 0\))/\1, 'LIMIT', 0, 1000)/" worker.lua
run grep -n 'stalled = ' worker.lua
run "$ll" --baseline lint-lua-baseline.json --min-severity error .
run "$ll" --baseline lint-lua-baseline.json --prune-baseline --min-severity error .
echo "entries in lint-lua-baseline.json: $(entries)"
echo
run "$ll" --baseline lint-lua-baseline.json --min-severity error .
