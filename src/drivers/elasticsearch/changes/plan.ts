/**
 * The checks of a change set against the documents as they are, before anything is sent: the
 * pure rules (change-checks.ts), then for each update its partial document, refused when the new
 * value is a cut cell's display text or the path crosses an array of objects. What it learns is
 * reused by the save, so each update is checked and built once.
 */
import type { ChangeRefusal, ChangeSet } from "../../../core/changes.ts";
import type { Column } from "../../../core/grid.ts";
import { hitToRow, type SearchHit } from "../table/cells.ts";
import { describeTable } from "../table/mapping.ts";
import { changeSetWithTokens, type EsChangeSet } from "../table/row-version.ts";
import type { EsTransport } from "../wire/transport.ts";
import { checkChanges } from "./checks.ts";
import { isPlainObject, ObjectArrayPath, partialDocument } from "./document-paths.ts";

export interface MgetDoc extends SearchHit {
  found?: boolean;
  error?: unknown;
}

/** What validation learned, reused by the save so each update is checked and built once. */
export interface ChangePlan {
  columns: Column[];
  refusals: ChangeRefusal[];
  /** Partial document per update (same order as `changes.updates`). */
  partials: (Record<string, unknown> | undefined)[];
}

export async function plan(
  transport: EsTransport,
  table: string,
  changes: ChangeSet,
): Promise<ChangePlan> {
  const columns = await describeTable(transport, table);
  const refusals = checkChanges(columns, changes, table);
  const partials: ChangePlan["partials"] = changes.updates.map(() => undefined);
  const refusedRows = new Set(refusals.map((r) => `${r.change}\u0000${r.row}`));
  // Updates refused already (by their _id), or without the shape checkChanges refused (named by
  // their place in the list), are not read back.
  const pending = changes.updates
    .map((u, i) => ({ u, i }))
    .filter(
      ({ u }) =>
        isPlainObject(u) &&
        isPlainObject(u.set) &&
        typeof u._id === "string" &&
        u._id !== "" &&
        !refusedRows.has(`update\u0000${u._id}`),
    );
  if (pending.length === 0) return { columns, refusals, partials };

  const docs = await mget(
    transport,
    pending.map(({ u }) => ({ index: u._index ?? table, id: u._id, fields: Object.keys(u.set) })),
  );
  pending.forEach(({ u, i }, k) => {
    const doc = docs[k];
    const source = doc?.found ? (doc._source ?? {}) : {};
    for (const [name, value] of Object.entries(u.set)) {
      const fragment = doc?.found ? isCutText(doc, columns, name, value) : false;
      if (fragment) {
        refusals.push({
          change: "update",
          row: u._id,
          column: name,
          message: `the new value of "${name}" is the cell's cut display text (it ends in "..." where the grid cut it); saving it would store the fragment`,
          remedy:
            "Undo the edit, load the cell's full value (open the cell), edit that, then save.",
        });
      }
    }
    try {
      partials[i] = partialDocument(source, u.set);
    } catch (e) {
      if (!(e instanceof ObjectArrayPath)) throw e;
      const column = Object.keys(u.set).find((n) => n === e.at || n.startsWith(`${e.at}.`));
      refusals.push({
        change: "update",
        row: u._id,
        ...(column ? { column } : {}),
        message: `"${column ?? e.at}" lies inside "${e.at}", an array of objects in this document; a partial update would replace the whole array`,
        remedy: `Undo the edit, and change the document through the console (GET then PUT /<index>/_doc/${u._id} with if_seq_no).`,
      });
    }
  });
  return { columns, refusals, partials };
}

/**
 * True when `value` is the cut display text of the cell as the grid's rules render it now, or that
 * text with more typed after it: the fragment would be written back in place of the whole value.
 */
function isCutText(doc: SearchHit, columns: Column[], name: string, value: unknown): boolean {
  if (typeof value !== "string") return false;
  const column = columns.find((c) => c.name === name);
  if (!column) return false;
  const row = hitToRow(doc, [column]);
  if (!row.cut.includes(name)) return false;
  // The fragment itself, or the fragment with text typed after its "...". (Typing over the dots
  // is caught by the grid's cut list: the value is then indistinguishable from a real edit.)
  return value.startsWith(String(row.cells[name]));
}

export async function mget(
  transport: EsTransport,
  refs: { index: string; id: string; fields?: string[] }[],
): Promise<(MgetDoc | undefined)[]> {
  if (refs.length === 0) return [];
  const res = await transport.request<{ docs?: MgetDoc[] }>({
    method: "POST",
    path: "/_mget",
    body: {
      docs: refs.map((r) => ({
        _index: r.index,
        _id: r.id,
        ...(r.fields ? { _source: r.fields } : {}),
      })),
    },
  });
  if (res.status < 200 || res.status > 299) return refs.map(() => undefined);
  return refs.map((_, i) => res.body.docs?.[i]);
}

/** Refusals of a change set; an empty list means it may be saved. Sends nothing. */
export async function validateChanges(
  transport: EsTransport,
  table: string,
  changes: ChangeSet,
): Promise<ChangeRefusal[]> {
  return (await plan(transport, table, normalize(changes))).refusals;
}

export function normalize(changes: ChangeSet): EsChangeSet {
  return changeSetWithTokens({
    updates: Array.isArray(changes?.updates) ? changes.updates : [],
    inserts: Array.isArray(changes?.inserts) ? changes.inserts : [],
    deletes: Array.isArray(changes?.deletes) ? changes.deletes : [],
  });
}
