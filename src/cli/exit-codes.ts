/** Exit codes scripts can trust (docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** The operation failed: the cluster or the network said no. */
  failed: 1,
  /** The command line or its input was wrong; nothing was done. */
  usage: 2,
  /** Some items succeeded and some failed (e.g. a save with per-row errors). */
  partial: 3,
} as const;
