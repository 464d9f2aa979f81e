/** A file system error's code and short reason, without the stack. */
export function fsReason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code) return `${err.code} (${err.message.replace(/^[A-Z]+: /, "").split(",")[0]})`;
  return err instanceof Error ? err.message : String(e);
}
