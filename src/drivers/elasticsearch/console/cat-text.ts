/**
 * Pure: a `_cat` answer in text (no `format=json`) as a table. The columns are found where every
 * line has a space (numbers are right-aligned under left-aligned headers, and a cell may be
 * empty, so neither the header's positions nor splitting on spaces alone would do). With `?v` the
 * first line names the columns; without it they are numbered.
 */
import type { ResultTable } from "../../../core/console.ts";

/** Whether a request's text answer is a `_cat` listing to tabulate (not `_cat` itself, not `?help`). */
export function isCatListing(path: string): boolean {
  const [route = "", query = ""] = path.split("?", 2);
  if (!/^\/_cat\/[^/]/.test(route)) return false;
  return !new URLSearchParams(query).has("help");
}

/** Whether the listing starts with its header line (`?v`, `?v=true`, not `?v=false`). */
export function hasHeader(path: string): boolean {
  const v = new URLSearchParams(path.split("?", 2)[1] ?? "").get("v");
  return v !== null && v !== "false";
}

export function catTextTable(text: string, header: boolean): ResultTable {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const spans = columnSpans(lines);
  const cells = lines.map((l) => spans.map(([from, to]) => l.slice(from, to).trim()));
  const names = header ? (cells.shift() ?? []) : spans.map((_, i) => String(i + 1));
  return {
    title: "listing",
    headers: names,
    rows: cells.map((row) => row.map(cellValue)),
  };
}

/** The [from, to) positions of the columns: runs of positions where some line is not a space. */
function columnSpans(lines: string[]): [number, number][] {
  const width = Math.max(0, ...lines.map((l) => l.length));
  const spans: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= width; i++) {
    const blank = i === width || lines.every((l) => i >= l.length || l[i] === " ");
    if (!blank && start < 0) start = i;
    if (blank && start >= 0) {
      spans.push([start, i]);
      start = -1;
    }
  }
  return spans;
}

/** Empty cells are null; whole numbers and decimals become numbers (so they sort as numbers). */
function cellValue(cell: string): unknown {
  if (cell === "") return null;
  if (/^-?\d+(\.\d+)?$/.test(cell)) {
    const n = Number(cell);
    if (Number.isSafeInteger(n) || !Number.isInteger(n)) return n;
  }
  return cell;
}
