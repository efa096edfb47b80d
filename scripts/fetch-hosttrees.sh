#!/usr/bin/env bash
# Fetches pinned commits of large public projects whose host-language code
# runs Redis Lua (Java, PHP), for scripts/bench.sh's host-scanning part:
# lint-lua on the whole tree against `grep -rl redis.call`. Output:
# testdata/hosttrees/<name>/ (ignored by git), the tree without its history.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dest=testdata/hosttrees
mkdir -p "$dest"

# name|repository|commit
pins() {
  cat <<'PINS'
redisson|https://github.com/redisson/redisson|66863978b4a92093b97c1f8c96f182a77e81d50e
laravel|https://github.com/laravel/framework|bd71b45fbb7e672957bf6ff61baddefe15fbca6a
spring-data-redis|https://github.com/spring-projects/spring-data-redis|a1bd5674d419dd8c1752cb17e03110089638552b
PINS
}

while IFS='|' read -r name repo commit; do
  # A folder holds a complete tree only when its marker names the commit.
  [[ -f $dest/$name/.commit && $(cat "$dest/$name/.commit") == "$commit" ]] && continue
  echo "==> $name ($repo at $commit)"
  tmp=$(mktemp -d)
  git -C "$tmp" init -q
  git -C "$tmp" fetch -q --depth 1 "$repo" "$commit"
  rm -rf "${dest:?}/$name"
  mkdir -p "$dest/$name"
  # --worktree-attributes: the fetched tree's own .gitattributes would
  # leave out what it marks export-ignore (Laravel's tests/, 1,474 of its
  # 3,354 files); the empty work tree has none.
  git -C "$tmp" archive --worktree-attributes FETCH_HEAD | tar -x -C "$dest/$name"
  rm -rf "$tmp"
  echo "$commit" >"$dest/$name/.commit"
done < <(pins)
