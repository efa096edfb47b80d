#!/usr/bin/env bash
# Builds the release archives of lint-lua: lint-lua and lint-lua-vet for
# linux, darwin and windows on amd64 and arm64, with no cgo, -trimpath and
# the version and commit linked in (internal/version), one archive a
# platform, and SHA256SUMS beside them:
#
#   dist/lint-lua_<version>_<os>_<arch>.tar.gz   lint-lua[.exe], lint-lua-vet[.exe], README.md
#   dist/SHA256SUMS                              sha256sum's format: sha256sum -c SHA256SUMS
#
# The archives are reproducible: the same commit and Go give the same bytes
# (file times are the commit's, owners 0, gzip without a name or time).
# Windows has tar since Windows 10, so every platform gets a .tar.gz.
#
# Usage: scripts/release.sh [--host] [--out DIR] [VERSION]
#   VERSION  the version to link in (default: git describe --tags --always
#            --dirty; a tag such as v1.2.0 is what a release uses)
#   --host   build only this machine's platform (go env GOOS GOARCH), as the
#            test does
#   --out    write to DIR instead of dist/ (dist/ is ignored by git)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=dist
host=""
version=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --host) host=1 ;;
    --out) out=${2:?--out needs a directory}; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "release.sh: unknown flag $1 (see --help)" >&2; exit 2 ;;
    *) version=$1 ;;
  esac
  shift
done

command -v go >/dev/null || { echo "release.sh: go is not on PATH" >&2; exit 2; }
revision=$(git rev-parse HEAD)
if [[ -z $version ]]; then
  version=$(git describe --tags --always --dirty)
fi
case $version in
  v[0-9]*) ;;
  *) version="dev-$version" ;; # no tag yet: not a module version
esac
epoch=$(git log -1 --format=%ct HEAD)

platforms=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
if [[ -n $host ]]; then
  platforms=("$(go env GOOS)/$(go env GOARCH)")
fi

mkdir -p "$out"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg=github.com/lint-lua/lint-lua/internal/version
ldflags="-s -w -X $pkg.Version=$version -X $pkg.Revision=$revision"

archives=()
for p in "${platforms[@]}"; do
  goos=${p%/*} goarch=${p#*/}
  name=lint-lua_${version}_${goos}_${goarch}
  dir=$stage/$name
  mkdir -p "$dir"
  exe=""
  [[ $goos == windows ]] && exe=.exe
  for cmd in lint-lua lint-lua-vet; do
    echo "== $goos/$goarch $cmd"
    # -buildvcs=false: the revision is linked in, so a worktree or a
    # GOFLAGS without VCS stamping builds the same binary.
    CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -buildvcs=false -ldflags "$ldflags" \
      -o "$dir/$cmd$exe" "./cmd/$cmd"
  done
  cp README.md "$dir/"
  tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner -C "$stage" -cf - "$name" |
    gzip -n -9 >"$out/$name.tar.gz"
  archives+=("$name.tar.gz")
done

(cd "$out" && sha256sum "${archives[@]}" >SHA256SUMS && sha256sum -c --quiet SHA256SUMS)
echo "wrote ${#archives[@]} archives and SHA256SUMS to $out (version $version, commit $revision)"
