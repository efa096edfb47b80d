#!/usr/bin/env bash
# Fetches pinned npm releases that ship Redis Lua in host-language string
# literals, for the integration tests that lint them (internal/cli
# TestUpstashRatelimit). Output: testdata/hostpkg/<name>/ (ignored by git),
# the package's files as its tarball holds them.
#
# Each tarball is checked against the SHA-512 pinned here (the registry's
# `dist.integrity`, in hex), so a test asserting a line and column reads the
# bytes it was written against. curl, not npm: CI has curl and may not have
# node.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dest=testdata/hostpkg
mkdir -p "$dest"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name|tarball URL|sha512 (hex)
pins() {
  cat <<'PINS'
upstash-ratelimit|https://registry.npmjs.org/@upstash/ratelimit/-/ratelimit-2.2.0.tgz|812c9d5eca46e9324a4e1ef5fe0186bf82060e30fdad782541f9b68c0b9eda48786dc7d6b4402c1b5356e0eab365dfe1b9b24fa23b1b394e8031d4ba5ea874b5
PINS
}

while IFS='|' read -r name url sum; do
  # A folder holds a verified package only when its marker is there: an
  # interrupted fetch is fetched again.
  [[ -f $dest/$name/.sha512 && $(cat "$dest/$name/.sha512") == "$sum" ]] && continue
  echo "==> $name ($url)"
  curl -sSfL --retry 3 -o "$tmp/$name.tgz" "$url"
  got=$(sha512sum "$tmp/$name.tgz" | cut -d' ' -f1)
  if [[ $got != "$sum" ]]; then
    echo "error: $url has sha512 $got, pinned $sum" >&2
    exit 1
  fi
  rm -rf "${dest:?}/$name"
  mkdir -p "$dest/$name"
  tar -xzf "$tmp/$name.tgz" -C "$dest/$name" --strip-components=1
  echo "$sum" >"$dest/$name/.sha512"
done < <(pins)
