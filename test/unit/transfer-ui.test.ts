/**
 * The pure parts of the UI's copy and import: a refusal's remedy in the dialog's words, the
 * preview's rows and columns, an uploaded file's shown name, and when two ends may be one table.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { sameTable } from "../../src/app/transfer/copy-check.ts";
import type { CopyEnd } from "../../src/app/transfer/copy-target.ts";
import { previewColumns, previewRow } from "../../src/app/transfer/file-preview.ts";
import { dialogWords, transferInUiWords } from "../../src/app/transfer/ui-words.ts";
import { uploadExtension, uploadName } from "../../src/app/transfer/uploads.ts";
import type { DriverSession } from "../../src/core/driver.ts";
import { QuarryError, remedyFor } from "../../src/core/errors.ts";

describe("a transfer's remedy in the dialog's words", () => {
  test("flags become the dialog's choices", () => {
    assert.equal(
      dialogWords("Add --append to add the source's records to it, or copy into a new table."),
      "Choose Append to add the source's records to it, or copy into a new table.",
    );
    assert.equal(
      dialogWords("Import in create or index mode (--mode create), or name an existing index."),
      "Import in create or index mode, or name an existing index.",
    );
    assert.equal(dialogWords("Use --mode index."), "Use index mode.");
  });

  test("an interruption speaks of copying or importing again, never of --resume", () => {
    const e = new QuarryError("transfer_interrupted", "stopped", "Run it with --resume.");
    const copy = transferInUiWords(e, "copy") as QuarryError;
    assert.match(remedyFor(copy, "ui"), /Copy again with Append/);
    assert.equal(remedyFor(copy, "cli"), "Run it with --resume.", "the CLI's words are kept");
    assert.match(remedyFor(transferInUiWords(e, "import") as QuarryError, "ui"), /create mode/);
  });

  test("other errors pass as they are", () => {
    const e = new QuarryError("cluster_error", "boom", "Read the reason above.");
    assert.equal(transferInUiWords(e, "copy"), e);
    const bug = new Error("bug");
    assert.equal(transferInUiWords(bug, "import"), bug);
  });
});

describe("the import's preview", () => {
  test("a record shows its line, key and document; a problem its reason", () => {
    assert.deepEqual(previewRow({ origin: 4, key: "a", document: { x: 1 } }), {
      line: 4,
      key: "a",
      document: { x: 1 },
      reason: null,
    });
    assert.deepEqual(previewRow({ line: 3, reason: "not JSON" }), {
      line: 3,
      key: null,
      document: null,
      reason: "not JSON",
    });
  });

  test("columns in the order they first appear, at most the limit", () => {
    const rows = [
      previewRow({ origin: 1, document: { b: 1, a: 2 } }),
      previewRow({ line: 2, reason: "bad" }),
      previewRow({ origin: 3, document: { a: 1, c: 2, d: 3 } }),
    ];
    assert.deepEqual(previewColumns(rows), ["b", "a", "c", "d"]);
    assert.deepEqual(previewColumns(rows, 3), ["b", "a", "c"]);
  });

  test("format flags and --yes become what to do in the dialog", () => {
    assert.equal(
      dialogWords("Say which it is with --format ndjson, json or csv."),
      "Give the file an extension that says its format (.ndjson, .json or .csv).",
    );
    assert.equal(
      dialogWords(
        "Give a file that holds [ {...}, {...} ], or choose its format with --format ndjson or csv.",
      ),
      "Give a file that holds [ {...}, {...} ], or give it the extension .ndjson or .csv.",
    );
    assert.doesNotMatch(
      dialogWords(
        "Read the mapping shown, then import again with --yes to create the index with it (or create the index yourself).",
      ),
      /--yes/,
    );
  });
});

test("an upload's name is its base name, without control characters", () => {
  assert.equal(uploadName("C:\\Users\\me\\orders.ndjson"), "orders.ndjson");
  assert.equal(uploadName("../../etc/passwd"), "passwd");
  assert.equal(uploadName("a\u0000b\nc.json"), "abc.json");
  assert.equal(uploadName(""), "upload");
  assert.equal(uploadName(null), "upload");
  assert.equal(uploadName("x".repeat(300)).length, 200);
  assert.equal(uploadExtension("orders.CSV"), ".csv");
  assert.equal(uploadExtension("orders"), "");
  assert.equal(uploadExtension("a.b c"), "");
});

describe("whether two ends may be the same table", () => {
  const session = {} as DriverSession;
  const end = (
    connection: string,
    table: string,
    settings?: unknown,
  ): CopyEnd & {
    settings?: unknown;
  } => ({ session, connection, table, ...(settings ? { settings } : {}) });

  test("the same connection and table", () => {
    assert.equal(sameTable(end("a", "t"), end("a", "t")), true);
    assert.equal(sameTable(end("a", "t"), end("a", "u")), false);
  });

  test("two saved connections to the same server, and the same table", () => {
    const s = { url: "http://localhost:9200" };
    assert.equal(sameTable(end("a", "t", s), end("b", "t", { ...s })), true);
    assert.equal(sameTable(end("a", "t", s), end("b", "t", { url: "http://other:9200" })), false);
  });
});
