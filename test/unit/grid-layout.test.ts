/**
 * The grid's kept layout and the page's theme as the app checks them, and the headers' short
 * labels for long dotted paths.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { QuarryError } from "../../src/core/errors.ts";
import { checkGridLayout, checkUiPreferences } from "../../src/core/grid-layout.ts";
import { headerLabels } from "../../web/src/grid/columns/header-labels.ts";

describe("checkGridLayout", () => {
  it("keeps order, widths (rounded, bounded), hidden and pins; drops the rest", () => {
    assert.deepEqual(
      checkGridLayout({
        columns: [
          { id: "b", width: 120.4, pinned: "right", sort: "asc" },
          { id: "a", hidden: true, pinned: "top" },
          { id: "c", width: 1e9 },
        ],
      }),
      {
        columns: [
          { id: "b", width: 120, pinned: "right" },
          { id: "a", hidden: true },
          { id: "c", width: 5000 },
        ],
      },
    );
  });

  it("refuses what is not a layout, and a column named twice", () => {
    for (const bad of [
      null,
      {},
      { columns: "a" },
      { columns: [{ id: "" }] },
      { columns: [{ id: "a" }, { id: "a" }] },
    ])
      assert.throws(() => checkGridLayout(bad), QuarryError, JSON.stringify(bad));
  });
});

describe("checkUiPreferences", () => {
  it("takes system, light or dark", () => {
    for (const theme of ["system", "light", "dark"])
      assert.deepEqual(checkUiPreferences({ theme }), { theme });
    assert.throws(() => checkUiPreferences({ theme: "blue" }), /system, light, dark/);
  });
});

describe("headerLabels", () => {
  it("shows short names whole and the tail of long dotted paths, long enough to tell apart", () => {
    const labels = headerLabels([
      "_id",
      "status",
      "customer.address.city",
      "customer.address.street",
      "seller.address.city",
      "customer.name",
      "a.very.long.path.ending.here",
    ]);
    assert.equal(labels.get("_id"), "_id");
    assert.equal(labels.get("customer.name"), "customer.name");
    assert.equal(labels.get("customer.address.street"), "…address.street");
    // Two columns end in address.city: one more part tells them apart.
    assert.equal(labels.get("customer.address.city"), "customer.address.city");
    assert.equal(labels.get("seller.address.city"), "seller.address.city");
    assert.equal(labels.get("a.very.long.path.ending.here"), "…ending.here");
  });
});
