/**
 * What a long job (an export, import, copy or comparison run by the app) says of its progress, as
 * the app's jobs keep it and the UI API answers it.
 */
export interface JobProgress {
  done: number;
  total: number | null;
  rate?: number;
  etaSeconds?: number | null;
  /** An import's documents written and failed (its done and total count bytes of the file). */
  written?: number;
  failed?: number;
}
