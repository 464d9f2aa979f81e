/**
 * Indices for the ES|QL tests on the real engine of es8 (docs/testing.md, "ES|QL"): one document
 * per row of every type a table shows (date, keyword, long, double, boolean, geo_point, ip,
 * version, a multi-valued and a null cell), and a lookup-mode index for `LOOKUP JOIN`.
 */
import { randomBytes } from "node:crypto";
import { ownIndex } from "./own-index.ts";

export function esqlIndexNames(what: string): { types: string; lookup: string } {
  const tag = randomBytes(3).toString("hex");
  return { types: `qt-esql-${what}-${tag}`, lookup: `qt-esql-${what}-lk-${tag}` };
}

/** The query that shows every type, the join and `_id`, in a stable order. */
export function typesQuery(names: { types: string; lookup: string }): string {
  return `FROM ${names.types} METADATA _id | SORT n | LOOKUP JOIN ${names.lookup} ON code | KEEP _id, at, name, n, price, ok, where, addr, v, tags, note, label`;
}

/** The columns and types that query answers, as the real engine names them. */
export const TYPES_COLUMNS = [
  ["_id", "keyword"],
  ["at", "date"],
  ["name", "keyword"],
  ["n", "long"],
  ["price", "double"],
  ["ok", "boolean"],
  ["where", "geo_point"],
  ["addr", "ip"],
  ["v", "version"],
  ["tags", "keyword"],
  ["note", "keyword"],
  ["label", "keyword"],
];

/** Loads both indices on es8 before the suite's tests and deletes them after. */
export function esqlIndices(names: { types: string; lookup: string }): void {
  ownIndex(
    "es8",
    names.types,
    [
      [
        "d1",
        {
          at: "2026-01-02T03:04:05.000Z",
          name: "ada",
          n: 1,
          price: 3665266.4299999997,
          ok: true,
          where: { lat: 48.85, lon: 2.35 },
          addr: "10.0.0.1",
          v: "1.2.3",
          tags: ["a", "b"],
          note: "hi",
          code: "x1",
        },
      ],
      [
        "d2",
        {
          at: "2026-01-03T00:00:00.000Z",
          name: "bob",
          n: 2,
          price: 0.5,
          ok: false,
          where: "POINT(-0.12 51.5)",
          addr: "::1",
          v: "10.0.0",
          tags: "c",
          code: "x2",
        },
      ],
    ],
    {
      mappings: {
        properties: {
          at: { type: "date" },
          name: { type: "keyword" },
          n: { type: "long" },
          price: { type: "double" },
          ok: { type: "boolean" },
          where: { type: "geo_point" },
          addr: { type: "ip" },
          v: { type: "version" },
          tags: { type: "keyword" },
          note: { type: "keyword" },
          code: { type: "keyword" },
        },
      },
    },
  );
  ownIndex("es8", names.lookup, [["l1", { code: "x1", label: "first" }]], {
    settings: { "index.mode": "lookup" },
    mappings: { properties: { code: { type: "keyword" }, label: { type: "keyword" } } },
  });
}
