/**
 * Core's opaque row version, as Elasticsearch spells it: a document's `_seq_no` and
 * `_primary_term`. The token is `"<seq_no>:<primary_term>"`; rows and save results also carry the
 * two numbers themselves (what `quarry browse --json` prints and `quarry save` takes back), and a
 * change may give either. Pure.
 */
import type { ChangeSet, RowDelete, RowResult, RowUpdate } from "../../../core/changes.ts";
import type { BrowseResult, Row } from "../../../core/grid.ts";

/** Elasticsearch's "unassigned" sequence number: the hit did not carry one. */
export const UNASSIGNED_SEQ_NO = -2;

/** The concurrency fields of a document, as Elasticsearch names them. */
export interface EsTokens {
  _seq_no: number;
  _primary_term: number;
}

/** A row as this driver fills it: core's row with the document's own tokens. */
export type EsRow = Row & EsTokens;
/** A change as this driver takes it: core's token, or the two numbers (the CLI's JSON). */
export type EsRowUpdate = RowUpdate & Partial<EsTokens>;
export type EsRowDelete = RowDelete & Partial<EsTokens>;
export interface EsChangeSet extends ChangeSet {
  updates: EsRowUpdate[];
  deletes: EsRowDelete[];
}
export type EsRowResult = RowResult & Partial<EsTokens> & { current?: EsRow };
export interface EsSaveResult {
  results: EsRowResult[];
  remaining: EsChangeSet;
}
export interface EsBrowseResult extends BrowseResult {
  rows: EsRow[];
}

/** The token of a document's version; none when the read did not ask for it. */
export function encodeVersion(seqNo: number, primaryTerm: number): string | undefined {
  return seqNo >= 0 && primaryTerm >= 1 ? `${seqNo}:${primaryTerm}` : undefined;
}

/** The numbers behind a token; NaN for a token this driver did not make (refused by the checks). */
export function decodeVersion(version: string): EsTokens {
  const m = /^(\d{1,19}):(\d{1,19})$/.exec(version);
  return m
    ? { _seq_no: Number(m[1]), _primary_term: Number(m[2]) }
    : { _seq_no: Number.NaN, _primary_term: Number.NaN };
}

/**
 * A change with its tokens as numbers: from `version` when it has one, else as given. Anything
 * that is not an object is returned as it is, for the shape check to name.
 */
export function withTokens<T extends EsRowUpdate | EsRowDelete>(change: T): T {
  if (typeof change !== "object" || change === null || typeof change.version !== "string")
    return change;
  return { ...change, ...decodeVersion(change.version) };
}

/** The change set with every update's and deletion's tokens as numbers. */
export function changeSetWithTokens(changes: ChangeSet): EsChangeSet {
  return {
    ...changes,
    updates: Array.isArray(changes.updates) ? changes.updates.map(withTokens) : changes.updates,
    deletes: Array.isArray(changes.deletes) ? changes.deletes.map(withTokens) : changes.deletes,
  };
}
