#!/usr/bin/env bash
# Proves that lint-lua's --format sarif is valid SARIF 2.1.0 that GitHub code
# scanning accepts, with Microsoft's SARIF multitool (npm
# @microsoft/sarif-multitool, a self-contained .NET binary): `validate` runs
# the SARIF spec rules and GitHub's ingestion rules (--rule-kind "Sarif;Gh")
# over four logs:
#   - lint-lua over examples/ plus an awkward file (space and non-ASCII in
#     the path, a multi-byte character before the finding);
#   - lint-lua over a clean file (no results);
#   - lint-lua go over a small module whose go-redis script has findings.
# Fails on any error; prints every warning (there should be none).
#
# Needs go, npm and python3; the Go module uses the real go-redis from the
# module proxy. Usage: scripts/check-sarif.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

multitool_version=5.7.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== installing @microsoft/sarif-multitool@$multitool_version"
(cd "$work" && npm install --silent --no-audit --no-fund "@microsoft/sarif-multitool@$multitool_version" >/dev/null)
mt="$work/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
# Newer npm versions skip the package's postinstall (a chmod).
chmod u+x "$mt"
# The .NET runtime needs ICU for culture data; without libicu run it in
# invariant mode, which validation does not need.
if ! ldconfig -p 2>/dev/null | grep -q 'libicuuc\.so'; then
  export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1
fi

go build -o "$work/lint-lua" ./cmd/lint-lua
ll="$work/lint-lua"
# lint-lua exits 1 when it finds something; that is expected here.
run_ll() { "$ll" "$@" || [ $? -eq 1 ]; }

mkdir -p "$work/src/odd dir" "$work/clean"
cp -r examples "$work/src/"
cat >"$work/src/odd dir/clé.lua" <<'LUA'
local v = redis.call('GET', 'café:"ß"') -- é before the finding: code point columns
return v
LUA
printf 'return redis.call("GET", KEYS[1])\n' >"$work/clean/ok.lua"
(cd "$work/src" && run_ll --format sarif examples "odd dir") >"$work/lua.sarif"
(cd "$work/clean" && run_ll --format sarif .) >"$work/clean.sarif"

mkdir -p "$work/gomod"
cat >"$work/gomod/go.mod" <<'EOF'
module example.com/app

go 1.21
EOF
cat >"$work/gomod/app.go" <<'EOF'
package app

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// The GET reply is compared with a number without tonumber: a runtime error.
var take = redis.NewScript(`
local stock = redis.call('GET', KEYS[1])
if stock > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
`)

func Take(ctx context.Context, rdb *redis.Client) (int64, error) {
	return take.Run(ctx, rdb, []string{"stock"}).Int64()
}
EOF
(cd "$work/gomod" && go get github.com/redis/go-redis/v9@v9.7.3 >/dev/null 2>&1 && go mod tidy >/dev/null 2>&1)
(cd "$work/gomod" && run_ll go --format sarif ./...) >"$work/go.sarif"

status=0
for log in lua clean go; do
  f="$work/$log.sarif"
  n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["runs"][0]["results"]))' "$f")
  echo "== sarif-multitool validate --rule-kind \"Sarif;Gh\" $log.sarif ($n results)"
  "$mt" validate "$f" --rule-kind "Sarif;Gh" --level "Error;Warning" \
    -o "$work/$log.validation.sarif" --log ForceOverwrite | sed "s|$work/||"
  # The multitool exits 0 even when it reports errors: read its own log.
  python3 - "$work/$log.validation.sarif" <<'EOF' || status=1
import json, sys
log = json.load(open(sys.argv[1]))
run = log["runs"][0]
counts = {}
for r in run.get("results", []):
    counts[r.get("level", "warning")] = counts.get(r.get("level", "warning"), 0) + 1
failed = [n for inv in run.get("invocations", []) for n in
          inv.get("toolExecutionNotifications", []) + inv.get("toolConfigurationNotifications", [])
          if n.get("level") == "error"]
print(f"   errors: {counts.get('error', 0)}, warnings: {counts.get('warning', 0)}, tool errors: {len(failed)}")
for n in failed:
    print("   tool error:", n["message"]["text"])
sys.exit(1 if counts.get("error", 0) or failed or counts.get("warning", 0) else 0)
EOF
done
[ "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["runs"][0]["results"]))' "$work/go.sarif")" -gt 0 ] ||
  { echo "lint-lua go found nothing in the module: the Go log proves little"; status=1; }
if [ $status -ne 0 ]; then
  echo "FAIL: the multitool reported errors or warnings"
  exit 1
fi
echo "all SARIF logs valid: no errors, no warnings"
