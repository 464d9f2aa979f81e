/**
 * ES|QL answers in the exact shapes the Elasticsearch specification documents for `esql.query`,
 * for what the real engine on es8 does not show on demand (docs/testing.md, "ES|QL"): fed to the
 * driver's reading in unit tests and to the es9 connection in the browser.
 */

/** With the counts an 8.19 engine adds to every answer (`documents_found`, `values_loaded`). */
export const ORDERS_ANSWER = {
  took: 28,
  documents_found: 2,
  values_loaded: 12,
  is_partial: false,
  columns: [
    { name: "order_date", type: "date" },
    { name: "total", type: "double" },
    { name: "paid", type: "boolean" },
    { name: "location", type: "geo_point" },
    { name: "tags", type: "keyword" },
    { name: "quantity", type: "long" },
  ],
  values: [
    ["2026-11-01T10:00:00.000Z", 42.5, true, "POINT (2.35 48.85)", ["gift", "promo"], 2],
    ["2026-11-02T11:30:00.000Z", 9.99, false, "POINT (-0.12 51.5)", "basic", 1],
  ],
};

/** `STATS orders = COUNT(*) BY status`: one number by one key, which the UI charts. */
export const STATS_ANSWER = {
  took: 3,
  columns: [
    { name: "orders", type: "long" },
    { name: "status", type: "keyword" },
  ],
  values: [
    [12, "paid"],
    [5, "open"],
    [2, "void"],
  ],
};

export const PARSING_ERROR = {
  error: {
    root_cause: [
      {
        type: "parsing_exception",
        reason: "line 1:15: mismatched input 'WHER' expecting {<EOF>, '|'}",
      },
    ],
    type: "parsing_exception",
    reason: "line 1:15: mismatched input 'WHER' expecting {<EOF>, '|'}",
  },
  status: 400,
};
