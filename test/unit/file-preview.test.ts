/**
 * `previewFile`, the Import dialog's preview: any format the import reads (a JSON array's elements
 * by number, CSV rows with cells inferred when no index is named), as rows and columns; and the
 * import's check that the mapping it infers is the one the dialog showed.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { previewFile } from "../../src/app/transfer/file-preview.ts";
import { confirmShown } from "../../src/app/transfer/import-create.ts";
import type { PlannedTable } from "../../src/app/transfer/import-table.ts";
import type { DriverSession } from "../../src/core/driver.ts";
import type { QuarryError } from "../../src/core/errors.ts";
import type { CellKind } from "../../src/core/transfer.ts";
import { ImportLineDecoder } from "../../src/drivers/elasticsearch/transfer/import-lines.ts";

const session = {
  driverName: "Test",
  facets: { transfer: { lineDecoder: () => new ImportLineDecoder() } },
} as unknown as DriverSession;
const dir = mkdtempSync(join(tmpdir(), "quarry-file-preview-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("previewFile", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a pretty-printed JSON array: its elements, a bad one with its reason", async () => {
    const got = await previewFile(session, file("a.json", '[\n  {"a": 1},\n  2,\n  {"b": 3}\n]\n'));
    assert.equal(got.format, "json");
    assert.deepEqual(got.columns, ["a", "b"]);
    assert.deepEqual(
      got.rows.map((r) => [r.line, r.document, r.reason !== null]),
      [
        [1, { a: 1 }, false],
        [2, null, true],
        [3, { b: 3 }, false],
      ],
    );
  });

  test("CSV with no index named: cells read with inferred kinds", async () => {
    const got = await previewFile(session, file("p.csv", "name,count\nx,1\ny,2\n"));
    assert.equal(got.format, "csv");
    assert.deepEqual(got.columns, ["name", "count"]);
    assert.deepEqual(
      got.rows.map((r) => r.document),
      [
        { name: "x", count: 1 },
        { name: "y", count: 2 },
      ],
    );
  });

  test("NDJSON stops at the limit", async () => {
    const got = await previewFile(
      session,
      file("l.ndjson", '{"a":1}\n{"a":2}\n{"a":3}\n'),
      undefined,
      2,
    );
    assert.equal(got.format, "ndjson");
    assert.equal(got.rows.length, 2);
  });
});

describe("confirmShown", () => {
  const plan = {
    request: null,
    notes: [],
    fields: { name: "string", qty: "integer" },
    inferredFrom: 3,
  };
  test("goes on when the import infers the fields shown", async () => {
    await confirmShown({ qty: "integer", name: "string" })(plan as PlannedTable);
  });
  test("refuses other fields, or none confirmed, saying to preview again", async () => {
    for (const shown of [{ name: "string", qty: "number" }, undefined])
      await assert.rejects(
        confirmShown(shown as Record<string, CellKind> | undefined)(plan as PlannedTable),
        (e: QuarryError) =>
          e.code === "transfer_refused" && /Preview the file again/.test(e.remedy),
      );
  });
});
