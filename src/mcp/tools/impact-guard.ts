/**
 * Impact before a dangerous write, over MCP: the refusal of `execute_query` that points at
 * `confirm_destructive_operation` carries what the request would affect, measured just before; so
 * does the approval the user answers. A request that reaches more indices than it names (a
 * wildcard, `_all`, an alias) is refused unless `confirm_destructive_operation` lists them in
 * `indices`, exactly; one whose pattern cannot be resolved is refused too (nobody could confirm
 * it by name). Measuring only reads.
 */
import type { ConsoleRequest } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { measuredImpact } from "../../core/facet-access.ts";
import { type Impact, missingConfirmation, namesText } from "../../core/impact.ts";
import type { ImpactProbe } from "../connection-access.ts";

/** The argument of confirm_destructive_operation that names the resolved indices. */
export const NAMES_ARG = "indices";

/** Measures once per call, however many times the gateway asks. */
export function impactProbe(
  session: DriverSession,
  request: ConsoleRequest,
  signal: AbortSignal,
  given: readonly string[] | undefined,
): ImpactProbe {
  let measured: Promise<Impact | null> | undefined;
  return {
    measure: () => {
      measured ??= measuredImpact(session, request, { signal });
      return measured;
    },
    check: (impact, connection) => {
      const missing = missingConfirmation(impact, given);
      if (missing && impact) throw namesRefusal(missing, impact, request, connection, given);
    },
    withImpact: (refusal, impact) => (impact ? refusalWithImpact(refusal, impact) : refusal),
  };
}

/** execute_query's refusal with the impact said, and the names to pass when the request widens. */
function refusalWithImpact(refusal: QuarryError, impact: Impact): QuarryError {
  const names = impact.widens && !impact.unmeasured ? ` ${passNames(impact)}` : "";
  return new QuarryError(
    refusal.code,
    `${refusal.message}. Impact, measured now: ${impact.summary}`,
    `${refusal.remedy}${names}`,
    { ...refusal.details, impact },
  );
}

function passNames(impact: Impact): string {
  return `It reaches indices it does not name one by one: pass ${NAMES_ARG}: ${JSON.stringify(impact.resolved)} (exactly these) to confirm them.`;
}

/** The refusal of a confirmation that does not name what the request resolves to. */
function namesRefusal(
  missing: "names" | "measurement" | "mismatch",
  impact: Impact,
  request: ConsoleRequest,
  connection: string,
  given: readonly string[] | undefined,
): QuarryError {
  const head = `Forbidden by the destructive-request guard: ${request.method.toUpperCase()} ${request.path} on connection "${connection}"`;
  const details = {
    layer: "destructive-guard",
    rule: `confirmation-${missing === "measurement" ? "unmeasured" : "must-name-indices"}`,
    connection,
    impact,
    ...(missing === "measurement" ? {} : { [NAMES_ARG]: impact.resolved }),
  };
  if (missing === "measurement")
    return new QuarryError(
      "forbidden",
      `${head} names a pattern, and which indices it reaches could not be measured: ${impact.unmeasured}`,
      "Name the indices one by one in the path, or call again once the cluster answers.",
      details,
    );
  const count = impact.resolved.length;
  const reaches = `resolves to ${count} ${count === 1 ? "index" : "indices"}${count ? ` (${namesText(impact.resolved, 50)})` : ""}`;
  return new QuarryError(
    "forbidden",
    missing === "names"
      ? `${head} ${reaches}, more than it names; its confirmation must name them. Impact: ${impact.summary}`
      : `${head} ${reaches}, not the ${given?.length ?? 0} given in ${NAMES_ARG} (${namesText(given ?? [], 50) || "none"})`,
    `Call confirm_destructive_operation again with ${NAMES_ARG}: ${JSON.stringify(impact.resolved)} (exactly these), or name the indices in the path.`,
    details,
  );
}
