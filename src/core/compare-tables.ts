/**
 * Two tables or two servers compared through the `compare` facet (core/compare.ts), with no I/O
 * of its own, so the CLI, the UI's API and the MCP server run the same comparison: each side read on its own session, the
 * differences worded by the left side's driver. A table missing on one side is a row, not a
 * refusal; a name that stands for several tables is refused by the driver, naming them.
 */
import type { DiffRow, TableProfile } from "./compare.ts";
import type { DriverSession } from "./driver.ts";
import { QuarryError } from "./errors.ts";
import { facet } from "./facet-access.ts";

/** One side: a session, the table on it (none for a server comparison), and its name to show. */
export interface CompareSide {
  session: DriverSession;
  table: string;
  connection: string;
}

export interface TableReport {
  left: string;
  right: string;
  equal: boolean;
  rows: DiffRow[];
  /** Each side's record count, null where the table is missing. */
  records: { left: number | null; right: number | null };
  profiles: { left: TableProfile; right: TableProfile };
}

export const sideName = (s: { connection: string; table?: string }) =>
  s.table ? `${s.connection}:${s.table}` : s.connection;

/** Both sides of one driver: a profile is worded by its driver only. */
export function sameDriver(left: DriverSession, right: DriverSession): void {
  if (left.driverName !== right.driverName)
    throw new QuarryError(
      "invalid_input",
      `A ${left.driverName} connection cannot be compared with a ${right.driverName} one`,
      "Compare two connections of the same database.",
    );
}

/** What failed on which side: "left (prod:orders): …". */
export async function onSide<T>(which: string, side: string, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (e) {
    if (e instanceof QuarryError)
      throw new QuarryError(
        e.code,
        `${which} side (${side}): ${e.message}`,
        e.remedy,
        e.details,
        e.uiRemedy,
      );
    throw e;
  }
}

export async function compareTables(left: CompareSide, right: CompareSide): Promise<TableReport> {
  sameDriver(left.session, right.session);
  const [l, r] = await Promise.all([
    onSide("left", sideName(left), facet(left.session, "compare").tableProfile(left.table)),
    onSide("right", sideName(right), facet(right.session, "compare").tableProfile(right.table)),
  ]);
  const rows = facet(left.session, "compare").diffTables(l, r);
  if (!l.exists && !r.exists)
    throw new QuarryError(
      "table_not_found",
      `Neither side has the table: ${sideName(left)} and ${sideName(right)} are both missing`,
      "Check both names (quarry tables <conn> lists a connection's tables).",
    );
  return {
    left: sideName(left),
    right: sideName(right),
    equal: rows.length === 0,
    rows,
    records: { left: l.records, right: r.records },
    profiles: { left: l, right: r },
  };
}

export interface ServerReport {
  left: string;
  right: string;
  equal: boolean;
  rows: DiffRow[];
}

export async function compareServers(
  left: { session: DriverSession; connection: string },
  right: { session: DriverSession; connection: string },
): Promise<ServerReport> {
  sameDriver(left.session, right.session);
  const [l, r] = await Promise.all([
    onSide("left", left.connection, facet(left.session, "compare").serverProfile()),
    onSide("right", right.connection, facet(right.session, "compare").serverProfile()),
  ]);
  const rows = facet(left.session, "compare").diffServers(l, r);
  return { left: left.connection, right: right.connection, equal: rows.length === 0, rows };
}
