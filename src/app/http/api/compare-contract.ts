/**
 * The JSON shapes of the UI's Compare page (routes/compare.ts): two indices or two clusters, the
 * differences as rows, the documents' counts, and one document's field diff.
 */
import type { DiffRow, FieldDiff } from "../../../core/compare.ts";

export type { DiffRow, FieldDiff } from "../../../core/compare.ts";

/** One side: a saved connection's id, and an index on it (none for a cluster). */
export interface CompareSideInput {
  connection: string;
  table?: string;
}

/** `POST /compare`: starts the comparison job. */
export interface CompareInput {
  left: CompareSideInput;
  right: CompareSideInput;
  /** Also compare the documents (indices only). */
  documents?: boolean;
  /** Only the first n documents of the left side. */
  sample?: number;
}

export interface CompareDocuments {
  compared: number;
  same: number;
  changed: number;
  onlyLeft: number;
  onlyRight: number;
  /** False for a sample (the right side's extras not looked for). */
  whole: boolean;
  /** True when more differences were counted than listed. */
  cut: boolean;
}

export interface CompareJobResult {
  left: string;
  right: string;
  equal: boolean;
  rows: DiffRow[];
  documents: CompareDocuments | null;
  /** What was not compared, and why (a side missing its index). */
  notes: string[];
}

/** `POST /compare/document`: one document on both sides, field by field. */
export interface CompareDocumentAnswer {
  id: string;
  left: Record<string, unknown> | null;
  right: Record<string, unknown> | null;
  fields: FieldDiff[];
}
