# Sourced by bin/quarry and bin/quarry-mcp (not run on its own): runs Quarry's entry with a Node
# runtime recent enough for it, whatever `node` is (or is not) on the PATH. Expects $root, $name
# and $entry (the entry's name: quarry or quarry-mcp); messages go to standard error
# (quarry-mcp's standard output is MCP's).
#
# Which code runs: a checkout runs its TypeScript sources (src/, edited and run as they are);
# an installed package (npm, npx, the self-contained archive) runs the release build in dist/app,
# since Node strips no types inside node_modules (docs/decisions.md, "Quarry as an installed
# package").
#
# Which runtime runs it, the first of these that is there and new enough: the archive's own
# (runtime/bin/node), the one this install brought as its dependency (node_modules/node, or beside
# the package where npx and dependency installs hoist it), then a `node` on the PATH. Each is asked
# its version before it is used.
min_major=22
min_minor=18

if [ -f "$root/src/cli/main.ts" ]; then
  case "$entry" in quarry) main="$root/src/cli/main.ts" ;; *) main="$root/src/bridge/main.ts" ;; esac
  fix="npm ci (in $root)"
elif [ -d "$root/runtime" ]; then
  main="$root/dist/app/$entry.js"
  fix="download and unpack the Quarry archive again (its runtime/ folder is damaged)"
else
  main="$root/dist/app/$entry.js"
  case "$root" in
    */_npx/*) fix="npx --yes quarry@latest (its runtime is installed with it)" ;;
    *) fix="npm install -g quarry (without --ignore-scripts: the runtime is installed by its install step)" ;;
  esac
fi

# Node's compile cache (the code it compiles, and in a checkout the TypeScript it strips) in the
# user's own cache folder: both commands start about twice as fast with it, and the app they
# launch inherits it.
if [ -z "${NODE_COMPILE_CACHE:-}" ] && [ -n "${HOME:-}" ]; then
  case "${XDG_CACHE_HOME:-}" in /*) cache="$XDG_CACHE_HOME" ;; *) cache="$HOME/.cache" ;; esac
  [ "$(uname -s 2>/dev/null)" = Darwin ] && cache="$HOME/Library/Caches"
  NODE_COMPILE_CACHE="$cache/quarry/node-compile-cache"
  export NODE_COMPILE_CACHE
fi
# V8's young generation capped at 2 MB a half for export, copy, import, compare and esql (--all pages) (it
# grows to 16 MB by default): they allocate fast and briefly, and the default let its peak memory
# grow by 60 to 100 MB (measured: docs/decisions.md) for no gain in speed.
# esql (--all reads pages of up to 10,000 rows) also gets the app's old generation: with V8's
# defaults its peak grew to about four times what is live (docs/decisions.md, "ES|QL past the row
# cap: keyed pages").
# The app itself (`quarry`, `quarry start`, and its default command's options) at 4 MB a half: under
# sustained MCP load the default grew to 64 MB a half and kept it (docs/decisions.md, "The app's
# young generation"); the same flags as src/app/process/node-flags.ts, which the background app gets.
# The app's old generation grows to 1.5 times what is live, and glibc's allocator hands freed
# memory back (docs/decisions.md, "The app's memory under sustained load").
# The commands that move documents hand freed memory back too: their answers' buffers come and go
# by the megabyte (docs/decisions.md, "Transfer memory and the copy and import benches").
# The bridge keeps V8's default.
node_flags=""
app_env="MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 MALLOC_ARENA_MAX=2"
case "${1:-}" in
  export | copy | import | compare) node_flags="--max-semi-space-size=2"; export $app_env ;;
  esql) node_flags="--max-semi-space-size=2 --heap-growing-percent=50"; export $app_env ;;
  "" | start | -*) node_flags="--max-semi-space-size=4 --heap-growing-percent=50"; export $app_env ;;
esac

# Prints "ok" when the runtime at $1 answers a version at least $min_major.$min_minor, else the
# version it answered (or "no answer").
runtime_fit() {
  v=$("$1" --version 2>/dev/null) || { echo "no answer"; return; }
  nums=${v#v}
  major=${nums%%.*}
  rest=${nums#*.}
  minor=${rest%%.*}
  case "$major$minor" in *[!0-9]* | "") echo "$v"; return ;; esac
  if [ "$major" -gt "$min_major" ] || { [ "$major" -eq "$min_major" ] && [ "$minor" -ge "$min_minor" ]; }; then
    echo ok
  else
    echo "$v"
  fi
}

found=""
for node in "$root/runtime/bin/node" "$root/node_modules/node/bin/node" "$root/../node/bin/node" \
  "$(command -v node 2>/dev/null)"; do
  [ -n "$node" ] && [ -x "$node" ] && [ ! -d "$node" ] || continue
  fit=$(runtime_fit "$node")
  if [ "$fit" = ok ]; then exec "$node" $node_flags "$main" "$@"; fi
  found="$found
  $node: $fit"
done
[ -n "$found" ] || found="
  none: no runtime beside Quarry and no node on the PATH"
echo "$name: needs Node.js $min_major.$min_minor or newer, and found:$found
Fix: $fix" >&2
exit 1
