#!/usr/bin/env bash
# Precision on the broad corpus (scripts/broad-corpus.sh): lint-lua, every
# rule at its default settings, over each project's scripts as a user runs
# it:
#   - the .lua files under its paths of interest (or, when a host loader
#     assembles them, the assembled scripts instead of the parts),
#   - the scripts in the host-language files (Python, JavaScript,
#     TypeScript, Java, Kotlin, PHP, Ruby, C#, Rust, Elixir, Crystal, Scala,
#     Perl) under its paths of interest,
#     read by lint-lua's own host reader: `lint-lua src/<path>...` with
#     `languages:` set to the host languages (so that a walk does not lint
#     the .lua files again, nor the parts of an assembled script). The plain
#     reader does not read Go;
#   - for Go modules, `lint-lua go ./...` inside the module copy (the root,
#     or each module the go=<dir>:<dir> option names; library
#     packages, no tests), as scripts/precision.sh does.
# A project whose users would check in a configuration (the server its
# scripts run on: `target: upstash` for @upstash/ratelimit, `target: valkey`
# for rate-limiter-flexible's Valkey limiters) has it in
# scripts/precision-broad/<project>.yaml, as scripts/precision.sh has
# scripts/precision/<pkg>.yaml; it is passed with --config from a folder of
# links to the project under the output folder, so that its globs match the
# files' names (a project without one gets an empty configuration there, so
# that no .lint-lua.yaml above the corpus is read). The host run's
# configuration is the same with `languages:` added, so a project's own must
# not set languages:. LINT_LUA_PRECISION_BROAD_CONFIGS=0 leaves the
# configurations out (every project at the default target).
# Writes testdata/precision-broad/<project>.json ({files, diagnostics}, file
# names relative to testdata/broad/<project>: a host finding names
# src/<host file>) and prints two tables: findings per project, rule and
# severity, and the corpus (pin, category, host language, scripts, lines).
# The host scripts counted there are those `lint-lua --list-scripts` finds
# (a text not in its file is not counted), with their line counts; the Go
# scripts are those scripts/extract-host-lua.py counted (extracted/manifest.tsv).
# scripts/extract-host-lua.py's extracted/*.lua files are not linted here
# (scripts/hostlang-recall.py checks lint-lua's reader against them).
#
# LINT_LUA_BIN names the binary to run (default: built from this checkout
# into the output folder); LINT_LUA_PRECISION_BROAD_OUT the output folder
# (default testdata/precision-broad), so that runs of several binaries in one
# checkout do not write over each other. Usage:
#   scripts/precision-broad.sh [NAME...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
broad=$root/testdata/broad
out=${LINT_LUA_PRECISION_BROAD_OUT:-$root/testdata/precision-broad}
mkdir -p "$out"
out=$(cd "$out" && pwd)
./scripts/broad-corpus.sh "$@"
if [[ -n ${LINT_LUA_BIN:-} ]]; then
  bin=$(cd "$(dirname "$LINT_LUA_BIN")" && pwd)/$(basename "$LINT_LUA_BIN")
else
  bin=$out/lint-lua
  CGO_ENABLED=0 go build -o "$bin" ./cmd/lint-lua
fi
"$bin" version >&2

want=" $* "
stats=$out/stats.tsv
configs=$root/scripts/precision-broad
use_configs=${LINT_LUA_PRECISION_BROAD_CONFIGS:-1}
# every host language lint-lua reads (docs/hostlang.md), not lua
host_languages="python, javascript, typescript, java, kotlin, php, ruby, csharp, rust, elixir, crystal, scala, perl, clojure"
: >"$stats.new"

# lua_targets DIR PATHS: the .lua files lint-lua should see, relative to DIR.
lua_targets() {
  local dir=$1 paths=$2 p
  if [[ -d $dir/assembled ]]; then
    (cd "$dir" && find assembled -name '*.lua' | sort)
    return
  fi
  IFS=, read -r -a plist <<<"$paths"
  for p in "${plist[@]}"; do
    [[ -e $dir/src/$p ]] || continue
    (cd "$dir" && find "src/$p" -name '*.lua' -not -path '*/node_modules/*' | sort)
  done
}

# host_paths DIR PATHS: the paths of interest for the host reader, relative
# to DIR: folders (walked as lint-lua walks them) and host-language files (a
# file named on the command line is read as its language, and lint-lua reads
# a named file of no host language, a .go file, as Lua).
host_paths() {
  local dir=$1 paths=$2 p
  IFS=, read -r -a plist <<<"$paths"
  for p in "${plist[@]}"; do
    p=${p%/}
    if [[ $p == . ]]; then
      echo src
    elif [[ -d $dir/src/$p ]]; then
      echo "src/$p"
    elif [[ -f $dir/src/$p && $p =~ \.(py|js|mjs|cjs|jsx|ts|mts|cts|tsx|java|kt|kts|php|rb|rake|cs|rs|ex|exs|cr|scala|sc|pl|pm|clj|cljc)$ ]]; then
      echo "src/$p"
    fi
  done
}

# lines FILE...: total line count (a last line without a newline counts).
lines() {
  local f n=0
  for f in "$@"; do
    n=$((n + $(awk 'END { print NR }' "$f")))
  done
  echo "$n"
}

# lint_part PART CONFIG FILE...: lint-lua over the files from the project's
# folder ($lintdir) into $out/$name.PART.json, added to parts; its stderr goes
# to $out/$name.stderr, and an exit status above 1 is reported.
lint_part() {
  local part=$1 config=$2 rc=0
  shift 2
  (cd "$lintdir" && "$bin" --format json --config "$config" "$@") \
    >"$out/$name.$part.json" 2>>"$out/$name.stderr" || rc=$?
  if ((rc > 1)); then
    echo "$name: lint-lua ($part files) exited $rc:" >&2
    head -5 "$out/$name.stderr" >&2
  fi
  parts+=("$out/$name.$part.json")
}

while IFS=$'\t' read -r name kind spec category host paths opts; do
  [[ $want == "  " || $want == *" $name "* ]] || continue
  dir=$broad/$name
  if [[ ! -f $dir/pin ]]; then
    echo "$name: not materialised (see scripts/broad-corpus.sh's message above); left out" >&2
    continue
  fi
  mapfile -t luafiles < <(lua_targets "$dir" "$paths")
  mapfile -t hostpaths < <(host_paths "$dir" "$paths")

  # The project's configuration in a folder of links to the project: the
  # configuration's globs are relative to its folder. The host run's adds
  # languages: (every host language, not lua).
  lintdir=$out/work/$name
  rm -rf "$lintdir"
  mkdir -p "$lintdir"
  for e in "$dir"/*; do
    ln -s "$e" "$lintdir/$(basename "$e")"
  done
  cfg=.lint-lua.yaml hostcfg=.lint-lua-host.yaml
  projcfg=
  if [[ $use_configs == 1 && -f $configs/$name.yaml ]]; then
    projcfg=$configs/$name.yaml
    if grep -q '^languages:' "$projcfg"; then
      echo "$name: $projcfg has a languages: section, which the host run sets" >&2
      exit 2
    fi
  fi
  { [[ -n $projcfg ]] && cat "$projcfg"; true; } >"$lintdir/$cfg"
  { cat "$lintdir/$cfg"; echo; echo "languages: [$host_languages]"; } >"$lintdir/$hostcfg"

  # the host scripts lint-lua finds (a text not in its file is no script here)
  hostcount=0 hostlines=0
  if ((${#hostpaths[@]})); then
    read -r hostcount hostlines < <(cd "$lintdir" && "$bin" --config "$hostcfg" --list-scripts "${hostpaths[@]}" 2>/dev/null |
      awk '/: script of [0-9]+ lines?,/ { n++; for (i = 1; i <= NF; i++) if ($i == "of") { l += $(i + 1); break } }
           END { print n + 0, l + 0 }')
  fi
  gocount=$(awk -F'\t' 'NR > 1 && $1 == "-"' "$dir/extracted/manifest.tsv" | wc -l)
  golines=$(awk -F'\t' 'NR > 1 && $1 == "-" { n += $6 } END { print n + 0 }' "$dir/extracted/manifest.tsv")
  nscripts=$((${#luafiles[@]} + hostcount + gocount))
  nlines=$((golines + hostlines))
  if ((${#luafiles[@]})); then
    nlines=$((nlines + $(cd "$dir" && lines "${luafiles[@]}")))
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$spec" "$category" "$host" "$nscripts" "$nlines" >>"$stats.new"

  parts=()
  : >"$out/$name.stderr"
  if ((${#luafiles[@]})); then
    lint_part lua "$cfg" "${luafiles[@]}"
  fi
  if ((${#hostpaths[@]})); then
    lint_part host "$hostcfg" "${hostpaths[@]}"
  fi
  # the Go modules: go=<dir>:<dir> in the options, else the root when it is one
  gomods=()
  if [[ $opts == *go=* ]]; then
    g=${opts##*go=}
    IFS=: read -r -a gomods <<<"${g%%[ ,]*}"
  elif [[ -f $dir/src/go.mod ]]; then
    gomods=(.)
  fi
  gi=0
  for gm in "${gomods[@]}"; do
    gi=$((gi + 1))
    gdir=$dir/src/$gm
    gpart=$out/$name.go$gi.json
    pkgs=(./...)
    if ! (cd "$gdir" && go mod download) 2>>"$out/$name.go.stderr"; then
      # a dependency the proxy refuses: lint the packages that load without it
      mapfile -t pkgs < <(cd "$gdir" && go list -e -f '{{if not .Incomplete}}{{.ImportPath}}{{end}}' ./... 2>/dev/null | grep -v '^$')
      echo "$name: a dependency cannot be downloaded; linting ${#pkgs[@]} packages of $gm that load" >&2
    fi
    rc=0
    goargs=(--format json)
    # the project's target and modules (lint-lua go reads no overrides)
    [[ -n $projcfg ]] && goargs+=(--config "$lintdir/$cfg")
    (cd "$gdir" && "$bin" go "${goargs[@]}" "${pkgs[@]}") >"$gpart" 2>>"$out/$name.go.stderr" || rc=$?
    if ((rc > 1)); then
      echo "$name: lint-lua go ($gm) exited $rc:" >&2
      head -5 "$out/$name.go.stderr" >&2
    fi
    # lint-lua go names files relative to the module (or absolute): make them relative to the project
    pre=src/
    [[ $gm != . ]] && pre=src/${gm%/}/
    jq --arg d "$dir/" --arg p "$pre" '.diagnostics |= map(.file |= (if startswith("/") then ltrimstr($d) else $p + . end))' \
      "$gpart" >"$gpart.tmp"
    mv "$gpart.tmp" "$gpart"
    parts+=("$gpart")
  done
  for e in "$out/$name.stderr" "$out/$name.go.stderr"; do
    [[ -s $e ]] || rm -f "$e"
  done
  if ((${#parts[@]})); then
    jq -s '{files: (map(.files) | add), diagnostics: (map(.diagnostics) | add)}' "${parts[@]}" >"$out/$name.json"
    rm -f "${parts[@]}"
  fi
done < <(./scripts/broad-corpus.sh --list)

# keep the stats of projects not run this time
if [[ -f $stats ]]; then
  awk -F'\t' 'NR == FNR { seen[$1] = 1; next } !($1 in seen)' "$stats.new" "$stats" >>"$stats.new"
fi
mv "$stats.new" "$stats"

printf '\n%-32s %7s %7s  %-28s %-8s %5s\n' project scripts lines rule severity count
while IFS=$'\t' read -r name spec category host nscripts nlines; do
  f=$out/$name.json
  [[ -f $f ]] || continue
  n=$(jq '.diagnostics | length' "$f")
  if ((n == 0)); then
    printf '%-32s %7s %7s  %-28s %-8s %5s\n' "$name" "$nscripts" "$nlines" - - 0
    continue
  fi
  jq -r '.diagnostics | group_by(.rule + " " + .severity)[] | "\(.[0].rule) \(.[0].severity) \(length)"' "$f" |
    while read -r rule sev count; do
      printf '%-32s %7s %7s  %-28s %-8s %5s\n' "$name" "$nscripts" "$nlines" "$rule" "$sev" "$count"
    done
done < <(sort "$stats")
echo
echo "totals by rule and severity:"
cat "$out"/*.json | jq -r '.diagnostics[] | "\(.rule) \(.severity)"' | sort | uniq -c | sort -rn
echo
# commits are shortened to 12 hex digits here; scripts/broad-corpus.sh --list has them whole
printf '%-32s %-56s %-30s %-24s %7s %7s\n' project pin category host scripts lines
sort "$stats" | while IFS=$'\t' read -r name spec category host nscripts nlines; do
  [[ $spec =~ ^(.*@)([0-9a-f]{12})[0-9a-f]{28}$ ]] && spec=${BASH_REMATCH[1]}${BASH_REMATCH[2]}
  printf '%-32s %-56s %-30s %-24s %7s %7s\n' "$name" "$spec" "$category" "$host" "$nscripts" "$nlines"
done
awk -F'\t' '{ p++; s += $5; l += $6 } END { printf "%d projects, %d scripts, %d lines\n", p, s, l }' "$stats"
echo
echo "full findings: $out/<project>.json"
