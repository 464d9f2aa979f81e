# Sourced by bin/quarry and bin/quarry-mcp (not run on its own): runs "$main" with the Node runtime
# Quarry was installed with, whatever `node` is (or is not) on the PATH: the one this install
# brought (node_modules/node), else the one beside the npm prefix it was installed into; only if
# neither exists, a `node` on the PATH that is recent enough to run TypeScript. Expects $root,
# $main and $name; messages go to standard error (quarry-mcp's standard output is MCP's).
# Node's compile cache (the TypeScript it strips and the code it compiles) in the user's own cache
# folder: both commands start about twice as fast with it, and the app they launch inherits it.
if [ -z "${NODE_COMPILE_CACHE:-}" ] && [ -n "${HOME:-}" ]; then
  case "${XDG_CACHE_HOME:-}" in /*) cache="$XDG_CACHE_HOME" ;; *) cache="$HOME/.cache" ;; esac
  [ "$(uname -s 2>/dev/null)" = Darwin ] && cache="$HOME/Library/Caches"
  NODE_COMPILE_CACHE="$cache/quarry/node-compile-cache"
  export NODE_COMPILE_CACHE
fi
# V8's young generation capped at 2 MB a half for export, copy and import (it grows to 16 MB by
# default): they allocate fast and briefly, and the default let its peak memory grow by 60 to 100 MB
# (measured: docs/decisions.md) for no gain in speed.
# Only for those: the app and the bridge keep V8's default, tuned for answering fast.
node_flags=""
case "${1:-}" in export | copy | import) node_flags="--max-semi-space-size=2" ;; esac
for node in "$root/node_modules/node/bin/node" "$root/../node/bin/node" "$root/../../../bin/node"; do
  if [ -x "$node" ]; then exec "$node" $node_flags "$main" "$@"; fi
done
if command -v node >/dev/null 2>&1 &&
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=18)?0:1)' 2>/dev/null; then
  exec node $node_flags "$main" "$@"
fi
echo "$name: cannot find the Node runtime Quarry was installed with (looked in $root/node_modules/node/bin/node and beside the npm prefix; a node on the PATH must be 22.18 or newer). Reinstall Quarry (npm install in $root)." >&2
exit 1
