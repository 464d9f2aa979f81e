/**
 * How a person arranged a table's grid (which columns show, in what order, how wide, pinned to
 * which side) and the page's colour theme: kept by the app so they survive a restart, whatever
 * port the page is served on. Types and the pure check of what a page sends.
 */
import { QuarryError } from "./errors.ts";

/** One column as the grid last showed it; the list's order is the columns' order. */
export interface ColumnLayout {
  /** The column's name (its full dotted path). */
  id: string;
  /** Pixels; absent keeps the grid's own width. */
  width?: number;
  hidden?: boolean;
  pinned?: "left" | "right";
}

export interface GridLayout {
  columns: ColumnLayout[];
}

export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** The page's preferences kept across runs. */
export interface UiPreferences {
  theme: ThemeChoice;
}

/** Limits that keep a layout a page can send and read at once. */
export const LAYOUT_COLUMNS_LIMIT = 5000;
const ID_LIMIT = 1000;
const MAX_WIDTH = 5000;

const refuse = (message: string, remedy: string) =>
  new QuarryError("invalid_input", message, remedy, { status: 400 });

/** Pure: the layout as sent by the page, checked (names unique, widths in range, sides known). */
export function checkGridLayout(given: unknown): GridLayout {
  const list = (given as { columns?: unknown } | null)?.columns;
  if (!Array.isArray(list) || list.length > LAYOUT_COLUMNS_LIMIT)
    throw refuse(
      `Send the layout as { columns: [{ id, width?, hidden?, pinned? }] } with at most ${LAYOUT_COLUMNS_LIMIT} columns.`,
      "Reload the page, then arrange the columns again.",
    );
  const seen = new Set<string>();
  const columns = list.map((c): ColumnLayout => {
    const col = (c ?? {}) as Record<string, unknown>;
    const id = typeof col.id === "string" ? col.id : "";
    if (id === "" || id.length > ID_LIMIT || seen.has(id))
      throw refuse(
        "Each column of a layout needs its own name.",
        "Reload the page, then try again.",
      );
    seen.add(id);
    const out: ColumnLayout = { id };
    if (typeof col.width === "number" && Number.isFinite(col.width))
      out.width = Math.min(MAX_WIDTH, Math.max(20, Math.round(col.width)));
    if (col.hidden === true) out.hidden = true;
    if (col.pinned === "left" || col.pinned === "right") out.pinned = col.pinned;
    return out;
  });
  return { columns };
}

/** Pure: the preferences as sent by the page, checked. */
export function checkUiPreferences(given: unknown): UiPreferences {
  const theme = (given as { theme?: unknown } | null)?.theme;
  if (!THEME_CHOICES.includes(theme as ThemeChoice))
    throw refuse(
      `The theme must be one of: ${THEME_CHOICES.join(", ")}.`,
      "Choose System, Light or Dark.",
    );
  return { theme: theme as ThemeChoice };
}
