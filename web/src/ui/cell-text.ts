/**
 * How a cell value shows as text, in the grid and in the console's results alike: JSON stays JSON
 * text, null shows as empty.
 */
import type { CellValue } from "../api/types.ts";

export function displayCell(v: CellValue | unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}
