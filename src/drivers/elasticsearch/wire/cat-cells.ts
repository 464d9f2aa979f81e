/** A `_cat` API's cells are strings or null: a number cell read as a number, or null. */
export const catNumber = (v: string | null | undefined): number | null =>
  v == null || v === "" || Number.isNaN(Number(v)) ? null : Number(v);
