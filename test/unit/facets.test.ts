/**
 * Facets (core/facets.ts) as every surface reaches them (core/facet-access.ts): given when the
 * driver offers one, refused in plain words when it does not, or left out quietly where a caller
 * asks with `offered`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { DriverSession } from "../../src/core/driver.ts";
import { statusOf } from "../../src/core/error-status.ts";
import { isQuarryError } from "../../src/core/errors.ts";
import { facet, measuredImpact, offered } from "../../src/core/facet-access.ts";

/** A session of a driver offering only the long-tasks facet (its parts are never called). */
const session = {
  driverName: "JSON File",
  facets: { longTasks: { runsLong: () => true } },
} as unknown as DriverSession;

test("a facet the driver offers is given", () => {
  assert.equal(facet(session, "longTasks").runsLong({ method: "GET", path: "/" }), true);
  assert.ok(offered(session, "longTasks"));
});

test("one it does not offer is refused naming the driver and the capability", () => {
  assert.throws(
    () => facet(session, "exportScan"),
    (e: unknown) =>
      isQuarryError(e) &&
      e.code === "not_offered" &&
      e.message === "JSON File connections do not offer exports." &&
      /driver offers it/.test(e.remedy) &&
      statusOf(e) === 501,
  );
  assert.equal(offered(session, "transfer"), undefined);
});

test("an impact is null where the driver measures nothing", async () => {
  assert.equal(await measuredImpact(session, { method: "DELETE", path: "/t" }), null);
});
