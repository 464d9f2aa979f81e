/** Exit codes scripts can trust (docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** The operation failed: the cluster or the network said no. */
  failed: 1,
  /** The command line or its input was wrong; nothing was done. */
  usage: 2,
  /** Some items succeeded and some failed (e.g. a save with per-row errors). */
  partial: 3,
  /**
   * Standard output (or error) was closed by its reader (`quarry browse … | head -1`): the command
   * ended quietly, with the status a shell reports for a process ended by SIGPIPE (128 + 13), as
   * `git log | head` does.
   */
  closedOutput: 141,
} as const;
