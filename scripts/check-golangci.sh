#!/usr/bin/env bash
# Proves lint-lua's golangci-lint module plugin (plugin/golangci) the way a
# user runs it:
#  1. installs golangci-lint $GCL_VERSION from the Go module proxy into a
#     temporary GOBIN (or uses $GOLANGCI_LINT);
#  2. runs `golangci-lint custom` with testdata/golangci/.custom-gcl.yml,
#     its path: pointed at this checkout, which builds a golangci-lint
#     holding the plugin;
#  3. runs that binary on a small module (testdata/golangci/app, with a stub
#     of go-redis v9 through a replace directive) with
#     testdata/golangci/.golangci.yml, checks that lint-lua's findings are
#     printed at their line and column inside the Go string (and the
#     embedded .lua file's findings where Go uses it), then that the plugin's settings (redis-version, disable)
#     change what is printed, and that a bad setting stops golangci-lint.
#
# `golangci-lint custom` clones github.com/golangci/golangci-lint with git.
# Where GitHub cannot be reached (a machine that only reaches the Go module
# proxy), a git shim first on PATH answers that one clone with the module
# proxy's copy of the same tag (go mod download); the rest (plugin import,
# replace directive, go mod tidy, go build) is golangci-lint's own.
#
# It is slow: the custom build compiles all of golangci-lint (minutes; tens
# of minutes on a loaded machine), so it is not part of `go test`.
#
# Environment: GCL_VERSION (default v2.15.0), GOLANGCI_LINT (an installed
# golangci-lint to run `custom` with), CUSTOM_GCL (an already built custom
# binary: skips steps 1 and 2), KEEP=1 (keep the work directory).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GCL_VERSION=${GCL_VERSION:-v2.15.0}
work=$(mktemp -d)
if [[ ${KEEP:-} == 1 ]]; then
  echo "work directory: $work"
else
  trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
fi
TIMEFORMAT='%R s'
fail() { echo "FAIL: $*" >&2; exit 1; }

custom=${CUSTOM_GCL:-}
if [[ -z $custom ]]; then
  gcl=${GOLANGCI_LINT:-}
  if [[ -z $gcl ]]; then
    echo "==> go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$GCL_VERSION"
    time GOBIN="$work/gobin" go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$GCL_VERSION"
    gcl=$work/gobin/golangci-lint
  fi
  "$gcl" version

  mkdir -p "$work/build"
  sed -e "s|^version: .*|version: $GCL_VERSION|" -e "s|^\( *\)path: .*|\1path: $root|" \
    "$root/testdata/golangci/.custom-gcl.yml" >"$work/build/.custom-gcl.yml"
  echo "==> .custom-gcl.yml"
  cat "$work/build/.custom-gcl.yml"

  if ! timeout 20 git ls-remote --heads https://github.com/golangci/golangci-lint.git >/dev/null 2>&1; then
    echo "==> github.com unreachable: git clone of golangci-lint served from the Go module proxy"
    mkdir -p "$work/shim"
    cat >"$work/shim/git" <<SHIM
#!/usr/bin/env bash
# Serves 'git clone --branch TAG ... https://github.com/golangci/golangci-lint.git'
# from the Go module proxy; any other git command goes to the real git.
set -euo pipefail
if [[ \${1:-} == clone && \${@: -1} == https://github.com/golangci/golangci-lint.git ]]; then
  tag=
  while [[ \$# -gt 0 ]]; do [[ \$1 == --branch ]] && tag=\$2; shift; done
  dir=\$(go mod download -json "github.com/golangci/golangci-lint/v2@\$tag" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\$/\1/p')
  [[ -n \$dir ]] || { echo "git shim: no module for \$tag" >&2; exit 1; }
  cp -R "\$dir" golangci-lint
  chmod -R u+w golangci-lint
  exit 0
fi
exec $(command -v git) "\$@"
SHIM
    chmod +x "$work/shim/git"
    export PATH="$work/shim:$PATH"
  fi

  echo "==> golangci-lint custom"
  (cd "$work/build" && time "$gcl" custom -v)
  custom=$work/build/bin/custom-gcl
  [[ -x $custom ]] || fail "golangci-lint custom made no $custom"
fi
"$custom" version
"$custom" linters 2>/dev/null | grep -i 'lint-lua' || true

# The module to lint: the app, and the go-redis stub the analyzer's tests use.
app=$work/app
mkdir -p "$app" "$work/stub"
cp "$root"/testdata/golangci/app/* "$app/"
cp -R "$root/analyzer/testdata/src/github.com/redis/go-redis/v9/." "$work/stub/"
printf 'module github.com/redis/go-redis/v9\n\ngo 1.21\n' >"$work/stub/go.mod"
printf 'module example.com/app\n\ngo 1.21\n\nrequire github.com/redis/go-redis/v9 v9.0.0\n\nreplace github.com/redis/go-redis/v9 => ../stub\n' >"$app/go.mod"
(cd "$app" && go build ./...) || fail "the app does not build"

# run CONFIG: runs the custom binary on the app with .golangci.yml from
# CONFIG, a fresh cache each time; sets out and code.
run() {
  cp "$1" "$app/.golangci.yml"
  rm -rf "$work/cache"
  set +e
  out=$(cd "$app" && GOLANGCI_LINT_CACHE="$work/cache" "$custom" run --output.text.print-issued-lines=false ./... 2>&1)
  code=$?
  set -e
  printf '%s\n[exit status %d]\n' "$out" "$code"
}
want() { grep -qF -- "$1" <<<"$out" || fail "output lacks: $1"; }
wantNot() { ! grep -qF -- "$1" <<<"$out" || fail "output has: $1"; }

echo "==> custom-gcl run with testdata/golangci/.golangci.yml (redis-version \"7.0\")"
time run "$root/testdata/golangci/.golangci.yml"
[[ $code == 1 ]] || fail "exit status $code, want 1 (issues found)"
want "main.go:13:1: lintlua: assignment to global x"
# One message per finding: the help follows the rule, golangci-lint's
# linter name ends the line.
grep -qE "\(global-assignment\) — the script fails .*\(lint-lua\)$" <<<"$out" || fail "output lacks: (global-assignment) — help (lint-lua)"
# golangci-lint drops findings outside .go files: the one in get.lua is
# reported where main.go uses the script.
want 'main.go:26:16: lintlua: get.lua:2:19: "GETT" is not a known command'
wantNot "GETDEL"

echo "==> settings: redis-version \"6.0\", disable global-assignment"
sed -e 's|redis-version: "7.0"|redis-version: "6.0"|' -e 's|disable: \[\]|disable: [global-assignment]|' \
  "$root/testdata/golangci/.golangci.yml" >"$work/golangci-6.0.yml"
time run "$work/golangci-6.0.yml"
[[ $code == 1 ]] || fail "exit status $code, want 1 (issues found)"
want "main.go:16:46: lintlua: GETDEL was added in Redis 6.2.0, after the target Redis 6.0"
wantNot "global-assignment"

echo "==> settings: an unknown rule"
sed -e 's|disable: \[\]|disable: [no-such-rule]|' "$root/testdata/golangci/.golangci.yml" >"$work/golangci-bad.yml"
run "$work/golangci-bad.yml"
[[ $code != 0 && $code != 1 ]] || fail "exit status $code for a bad setting, want an error"
want 'unknown rule "no-such-rule"'

echo "PASS: golangci-lint $GCL_VERSION with the lint-lua plugin"
