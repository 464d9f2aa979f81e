/**
 * How the app's own process runs, wherever it is started: by the launcher for `quarry` and
 * `quarry start` (bin/node-runtime.sh, which names the same flags and variables), and by
 * `spawnBackgroundApp` for the detached app (`quarry start --background`, `quarry open-url`, the
 * stdio bridge's launch). Why: docs/decisions.md, "The app's young generation" and "The app's
 * memory under sustained load".
 */

/**
 * V8's young generation capped at 4 MB a half: under sustained MCP load its default grew to 64 MB
 * a half (128 MB resident) within the first thousand calls and never gave it back. The old
 * generation may grow to 1.5 times what is live after a full collection before the next (V8's
 * default lets it reach up to 4 times): the app's live heap is about 30 MB, and the default kept
 * about 110 MB of V8 pages resident under load, 50 MB with this.
 */
export const APP_NODE_FLAGS: readonly string[] = [
  "--max-semi-space-size=4",
  "--heap-growing-percent=50",
];

/**
 * glibc's allocator, told to hand memory back: blocks of 128 KB and more mapped on their own (its
 * threshold otherwise rises as the process runs, up to 32 MB, and freed blocks under it stay in
 * the heap), and the heap's free top returned to the system from 128 KB. Without them RSS kept
 * climbing under sustained MCP load after the JS heap had settled. Two arenas instead of one per
 * thread that ever allocated (up to 8 a core): 20 MB less resident under the same load at the
 * same rate (docs/mcp.md, "Sustained load"). Other C libraries ignore them.
 */
export const APP_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
  MALLOC_ARENA_MAX: "2",
};
