/**
 * How `quarry console` confirms a dangerous request: it prints the request, why it is dangerous
 * and what it would affect, measured just before (core/impact.ts), then asks for "yes". A request
 * that reaches more tables than it names (a wildcard, `_all`, an alias) is confirmed by typing
 * the names it resolves to; with `--yes` (scripts) `--indices` must list them, exactly. A pattern
 * whose names could not be measured is refused with `--yes`, and asked for "yes" after the warning
 * in a terminal (a person there decides).
 */
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { measuredImpact } from "../../core/facet-access.ts";
import { confirmsTargets, type Impact, missingConfirmation, namesText } from "../../core/impact.ts";
import { firstLine } from "./console-print.ts";
import type { CheckedRequest } from "./console-requests.ts";
import { confirmTyped } from "./delete-index.ts";
import { impactLines } from "./impact-print.ts";

export interface ConfirmFlags {
  yes?: boolean;
  /** The names a wildcard request resolves to, comma-separated. */
  indices?: string;
}

/** Confirms each request that is neither a read nor a plain write, before any request is sent. */
export async function confirmDangerous(
  s: DriverSession,
  requests: CheckedRequest[],
  flags: ConfirmFlags,
): Promise<void> {
  const given = flags.indices
    ?.split(",")
    .map((n) => n.trim())
    .filter((n) => n !== "");
  for (const { request, classification: c } of requests) {
    if (c.class === "read" || c.class === "write") continue;
    const head = firstLine(s, request);
    const impact = await measuredImpact(s, request);
    const missing = missingConfirmation(impact, given);
    if (flags.yes) {
      if (missing && impact) throw namesNeeded(head, impact, missing);
      continue;
    }
    if (missing === "mismatch" && impact) throw namesNeeded(head, impact, missing);
    const kind = c.class === "admin" ? "An admin request: it " : "";
    process.stderr.write(`${head}\n  ${kind}${c.reason}.\n`);
    if (impact) for (const line of impactLines(impact)) process.stderr.write(`  ${line}\n`);
    if (missing === "names" && impact) await confirmNames(head, impact);
    else await confirmTyped('Type "yes" to send it: ', "yes", `${head} ${c.reason}`);
  }
}

/** Asks for the resolved names (any order, comma-separated): a wildcard is confirmed by what it hits. */
async function confirmNames(head: string, impact: Impact): Promise<void> {
  const n = impact.resolved.length;
  await confirmTyped(
    `It reaches ${n} ${n === 1 ? "table" : "tables"} it does not name one by one. Type their names, separated by commas: `,
    impact.resolved.join(","),
    `${head} reaches ${namesText(impact.resolved)}`,
    (answer) =>
      confirmsTargets(
        impact,
        answer
          .split(",")
          .map((x) => x.trim())
          .filter((x) => x !== ""),
      ),
  );
}

function namesNeeded(
  head: string,
  impact: Impact,
  missing: "names" | "measurement" | "mismatch",
): QuarryError {
  if (missing === "measurement")
    return new QuarryError(
      "invalid_input",
      `Not confirmed: ${head} names a pattern, and what it reaches could not be measured (${impact.unmeasured}); nothing was sent`,
      "Name each index in the path, or run it in a terminal to confirm it by hand.",
    );
  return new QuarryError(
    "invalid_input",
    `Not confirmed: ${head} resolves to ${namesText(impact.resolved)}${missing === "names" ? ", more than it names" : ", not the names given in --indices"}; nothing was sent`,
    `Pass --indices ${impact.resolved.join(",")} (exactly these), or name them in the path.`,
    { resolved: impact.resolved },
  );
}
