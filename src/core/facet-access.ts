/**
 * The one way code outside a driver reaches a facet (core/facets.ts): `facet()` gives it or throws
 * the plain refusal every surface shows, `offered()` gives it or undefined for a caller that
 * leaves something out quietly (a completion list, an impact line). test/unit/house-rules.test.ts
 * keeps a session's `facets` from being read anywhere else.
 */
import type { ConsoleRequest } from "./console.ts";
import type { DriverSession } from "./driver.ts";
import { QuarryError } from "./errors.ts";
import { type DriverFacets, FACET_WORDS, type FacetName } from "./facets.ts";
import type { Impact, MeasureOptions } from "./impact.ts";

/** The facet when the driver offers it, else undefined. */
export function offered<K extends FacetName>(
  session: DriverSession,
  name: K,
): DriverFacets[K] | undefined {
  return session.facets[name] as DriverFacets[K] | undefined;
}

/** The facet, or a refusal naming the driver and what its connections do not offer. */
export function facet<K extends FacetName>(session: DriverSession, name: K): DriverFacets[K] {
  const found = offered(session, name);
  if (found === undefined) throw facetNotOffered(session.driverName, name);
  return found;
}

/** "<driver> connections do not offer <capability>": in the words of every surface alike. */
export function facetNotOffered(driverName: string, name: FacetName): QuarryError {
  return new QuarryError(
    "not_offered",
    `${driverName} connections do not offer ${FACET_WORDS[name]}.`,
    `Use a connection whose driver offers it, or ask the ${driverName} driver's authors for it.`,
    { facet: name, driver: driverName },
  );
}

/**
 * What a dangerous request would affect (core/impact.ts), or null where the driver measures
 * nothing: a driver without the impact facet is asked for no confirmation of names.
 */
export async function measuredImpact(
  session: DriverSession,
  request: ConsoleRequest,
  options?: MeasureOptions,
): Promise<Impact | null> {
  return (await offered(session, "impact")?.measureImpact(request, options)) ?? null;
}
