#!/usr/bin/env bash
# Detection recall of lint-lua go: on real Go modules, pinned, the scripts
# present (counted by reading the code: scripts/go-recall.tsv, with the
# reason per module) against the scripts `lint-lua go --list-scripts` finds
# and lints ("known script" lines). A module is either one of the broad
# corpus (scripts/broad-corpus.sh NAME materialises it under
# testdata/broad/NAME/src) or a Go module fetched with go mod download
# through the module proxy. It prints one row per module and the total,
# and with -v the scripts found and the error and warning findings, to
# judge (docs/go.md holds the verdicts).
#
#   scripts/go-recall.sh [-v]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
verbose=${1:-}
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
go build -o "$work/lint-lua" ./cmd/lint-lua

printf '%-42s %7s %5s %7s %6s\n' module present found recall errwarn
tp=0 tf=0
while IFS=$'\t' read -r src pkgs present why; do
	[[ -z $src || $src == \#* ]] && continue
	case $src in
	broad:*)
		name=${src#broad:}
		dir=$root/testdata/broad/$name/src
		[[ -d $dir ]] || scripts/broad-corpus.sh "$name" >&2
		;;
	mirror:*)
		# owner/name@commit from the snapshot under $LINT_LUA_MIRROR (the
		# search tool's fetch, github:owner/name), for a module the proxy
		# refuses: the Go files of the module without its vendor tree
		# (which a snapshot may hold only in part), dependencies through
		# the proxy.
		spec=${src#mirror:}
		name=${spec%@*}
		repo=${LINT_LUA_MIRROR:-/work/.mirror}/${name/\//+}/repo
		dir=$work/$(basename "${spec%@*}")
		mkdir -p "$dir"
		export GIT_INDEX_FILE=$work/index
		git -C "$repo" read-tree "${spec#*@}"
		git -C "$repo" ls-files | grep -E '^(go\.mod|go\.sum|[^/]+/.+)$' | grep -v '^vendor/' |
			xargs git -C "$repo" --work-tree="$dir" checkout-index -f -- 2>/dev/null || true
		unset GIT_INDEX_FILE
		;;
	go:*)
		mod=${src#go:}
		from=$(go mod download -json "$mod" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
		[[ -n $from ]] || { echo "go mod download $mod failed" >&2; continue; }
		dir=$work/$(basename "${mod%@*}")
		cp -r "$from" "$dir" && chmod -R u+w "$dir"
		(cd "$dir" && GOFLAGS=-mod=mod go mod download >/dev/null 2>&1 || true)
		;;
	esac
	# shellcheck disable=SC2086
	list=$(cd "$dir" && GOFLAGS=-mod=mod "$work/lint-lua" go --list-scripts $pkgs 2>"$work/err" || true)
	found=$(grep -c ': known script' <<<"$list" || true)
	# shellcheck disable=SC2086
	findings=$(cd "$dir" && GOFLAGS=-mod=mod "$work/lint-lua" go --format text --fail-on error $pkgs 2>/dev/null |
		grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning): ' || true)
	n=$(grep -c . <<<"$findings" || true)
	hit=$((found < present ? found : present))
	printf '%-42s %7d %5d %6d%% %6d\n' "${src#*:}" "$present" "$found" $((100 * hit / present)) "$n"
	tp=$((tp + present)) tf=$((tf + hit))
	if [[ $verbose == -v ]]; then
		sed 's/^/    /' <<<"$list"
		sed 's/^/    /' "$work/err"
		[[ -n $findings ]] && sed 's/^/  ! /' <<<"$findings"
	fi
done <scripts/go-recall.tsv
printf '%-42s %7d %5d %6d%%\n' total "$tp" "$tf" $((100 * tf / tp))
