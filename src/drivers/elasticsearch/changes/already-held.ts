/**
 * Pure: whether a change the cluster refused as a conflict is already what it holds (an earlier
 * save whose answer was lost wrote it), compared as JSON the way the cluster merges documents.
 */
import { isExactInteger } from "../../../core/exact-json.ts";
import { isPlainObject } from "./document-paths.ts";

/** The parts of a write and of the document read back that the comparison needs. */
export interface HeldWrite {
  change: "update" | "insert" | "delete";
  body?: unknown;
}

/**
 * Pure: whether a change refused as a conflict is already what the cluster holds: an update whose
 * values the document has, a new row whose document is there as it would be written, a deletion
 * of a document that is gone. That is what a save finds when an earlier save wrote the change but
 * its answer was lost (a node died): the change is done, and is not written again.
 */
export function alreadyHeld(
  w: HeldWrite,
  doc: { found?: boolean; _source?: Record<string, unknown> } | undefined,
): boolean {
  if (!doc) return false;
  if (w.change === "delete") return doc.found === false;
  if (!doc.found) return false;
  if (w.change === "insert") return sameJson(w.body, doc._source ?? {});
  return holds(doc._source ?? {}, (w.body as { doc?: unknown } | undefined)?.doc ?? {});
}

/** Whether `source` has every value of `partial`, objects merged as the cluster merges them. */
function holds(source: unknown, partial: unknown): boolean {
  if (!isPlainObject(partial) || !isPlainObject(source)) return sameJson(source, partial);
  return Object.entries(partial).every(([k, v]) => Object.hasOwn(source, k) && holds(source[k], v));
}

/** Equal as JSON, whatever the order of object keys (exact longs compare by their digits). */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (isPlainObject(v) && !isExactInteger(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
