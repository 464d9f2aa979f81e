/**
 * The V8 flags the app's own process runs with, wherever it is started: by the launcher for
 * `quarry` and `quarry start` (bin/node-runtime.sh, which names the same flags), and by
 * `spawnBackgroundApp` for the detached app (`quarry start --background`, `quarry open-url`, the
 * stdio bridge's launch). Why: docs/decisions.md, "The app's young generation".
 */

/**
 * V8's young generation capped at 4 MB a half. Under sustained MCP load its default grew to
 * 64 MB a half (128 MB resident) within the first thousand calls and never gave it back; the cap
 * keeps the app's peak near 260 MB at no measured cost in latency.
 */
export const APP_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4"];
