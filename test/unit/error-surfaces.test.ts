/**
 * Remedies speak the words of the surface that shows them: the UI's API sends `remedyFor(e, "ui")`,
 * which never tells a person in the UI to type a command or a flag; the CLI keeps its commands.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { errorResult } from "../../src/app/http/api/answers.ts";
import { bridgeErrors } from "../../src/bridge/errors.ts";
import { errors, QuarryError, remedyFor } from "../../src/core/errors.ts";
import { compileFilters } from "../../src/drivers/elasticsearch/table/filters.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";
import { esErrors } from "../../src/drivers/elasticsearch/wire/error-catalog.ts";
import { accessErrors } from "../../src/mcp/policy/access-refusals.ts";

/** A command to type (`quarry tables`), or a flag (`--raw`). */
const CLI_WORDS = /\bquarry [a-z]|(^|[\s(])--[a-z]/;

/** Errors only MCP clients, the bridge or other Quarry processes see: never the UI. */
const NOT_IN_UI = new Set([
  "appNotResponding",
  "accessRefused",
  "approvalRefused",
  "requestTimedOut",
  "unauthenticated",
  "rateLimited",
  "appNotRunning",
  "endpointUnproven",
  "handshakeUntrusted",
  "appTooOld",
  "bridgeTokenStale",
  // Its callers give the remedy; the UI names every export file anew, so none reaches it.
  "exportRefused",
]);

/** Arguments that make each factory build its error. */
const ARGS: Record<string, unknown[]> = {
  changesRefused: [[{ row: "r1", message: "m" }]],
  resultWindowTooSmall: [[{ index: "logs", value: 5000 }]],
  connectionNotFound: ["prod", ["dev", "test"]],
  unknownColumn: ["logs", "x", ["a", "b"]],
};

describe("remedies by surface", () => {
  it("no error the UI can show tells the person in the UI to type a command or a flag", () => {
    // Every catalog: core's, the MCP server's access refusals, the bridge's and the driver's.
    const factories = {
      ...errors,
      ...accessErrors,
      ...bridgeErrors,
      ...esErrors,
    } as unknown as Record<string, (...args: unknown[]) => QuarryError>;
    const cliOnly: string[] = [];
    for (const [name, make] of Object.entries(factories)) {
      if (NOT_IN_UI.has(name)) continue;
      const args = ARGS[name] ?? Array.from({ length: make.length }, () => "x");
      const e = make(...args);
      assert.ok(e instanceof QuarryError, name);
      if (CLI_WORDS.test(remedyFor(e, "ui"))) cliOnly.push(`${name}: ${remedyFor(e, "ui")}`);
    }
    assert.deepEqual(cliOnly, []);
  });

  it("the CLI keeps its commands; the UI's API sends the UI's remedy", () => {
    const e = esErrors.tableNotFound("logs");
    assert.match(remedyFor(e, "cli"), /quarry tables <conn>/);
    assert.equal(remedyFor(e, "ui"), e.uiRemedy);
    const body = errorResult(e);
    assert.equal(body.kind, "json");
    const sent = (body as { body: { error: { remedy: string } } }).body.error.remedy;
    assert.match(sent, /pick an index from the list in the sidebar/);
    assert.doesNotMatch(sent, CLI_WORDS);
    // toJSON (the CLI's --json, MCP answers) keeps the command-line remedy.
    assert.equal(e.toJSON().remedy, e.remedy);
  });

  it("filter refusals name the Raw SQL box in the UI and --raw in the CLI", () => {
    const columns = mappingToColumns({
      t: {
        mappings: {
          properties: { flag: { type: "boolean" }, blob: { type: "object", enabled: false } },
        },
      },
    });
    for (const filters of [
      [{ column: "flag", op: "gt" as const, value: "true" }],
      [{ column: "blob", op: "exists" as const }],
    ]) {
      try {
        compileFilters(columns, filters);
        assert.fail("expected a refusal");
      } catch (e) {
        assert.ok(e instanceof QuarryError);
        assert.match(remedyFor(e, "cli"), /--raw/);
        assert.match(remedyFor(e, "ui"), /Raw SQL box/);
        assert.doesNotMatch(remedyFor(e, "ui"), CLI_WORDS);
      }
    }
  });
});
