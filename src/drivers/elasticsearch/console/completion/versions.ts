/** Compares dotted versions numerically ("7.10.0" is after "7.9.0"); a missing part is 0. */
export function versionAtMost(version: string, limit: string): boolean {
  const a = version.split(".").map(Number);
  const b = limit.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return true;
}
