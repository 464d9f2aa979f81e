/**
 * What a dangerous request would affect, as the CLI prints it (`quarry mcp approvals`, the
 * console's confirmation): the summary, then each table with its records and size, or each user,
 * key, role or role mapping a security write reaches.
 */
import { bytesText, countText, type Impact } from "../../core/impact.ts";

/** Tables listed one per line up to this many; the summary already counts them all. */
const MAX_LISTED = 20;

export function impactLines(impact: Impact): string[] {
  const lines = [`Impact: ${impact.summary}`];
  if (impact.unmeasured !== undefined) return lines;
  // A security write names who it reaches: users, keys, roles, role mappings.
  for (const p of impact.affected ?? []) lines.push(`  ${p.kind} ${p.name}  ${p.note}`);
  for (const t of impact.targets.slice(0, MAX_LISTED)) {
    const size = t.closed
      ? "closed"
      : [
          t.records === null ? null : `${countText(t.records)} records`,
          t.bytes === null ? null : bytesText(t.bytes),
        ]
          .filter((x) => x !== null)
          .join(", ");
    lines.push(`  ${t.name}${size ? `  ${size}` : ""}`);
  }
  if (impact.targets.length > MAX_LISTED)
    lines.push(`  and ${impact.targets.length - MAX_LISTED} more`);
  return lines;
}
