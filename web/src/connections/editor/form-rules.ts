/**
 * How the editor reads a driver's settings form (the API contract's SettingsForm): which fields
 * show for the values so far, how they group into rows, and what a typed value is stored as.
 */
import type { SettingField } from "../../api/types.ts";

/** Shown while every condition holds (a field with `orWhenSet` also while it has a value). */
export function isShown(field: SettingField, values: Record<string, unknown>): boolean {
  return (field.showWhen ?? []).every((c) => {
    const own = values[field.key];
    if (c.orWhenSet && own !== undefined && own !== null && own !== "") return true;
    return c.oneOf.includes(values[c.field] as string | number | boolean);
  });
}

/** Consecutive fields with the same `row` side by side; any other field alone. */
export function rowsOf(fields: SettingField[]): SettingField[][] {
  const rows: SettingField[][] = [];
  for (const f of fields) {
    const last = rows.at(-1);
    if (f.row && last?.[0]?.row === f.row) last.push(f);
    else rows.push([f]);
  }
  return rows;
}

/** A number field keeps what does not parse as typed, so the app can say what is wrong with it. */
export function typedValue(field: SettingField, text: string): unknown {
  if (field.kind === "number")
    return text === "" ? "" : Number.isNaN(Number(text)) ? text : Number(text);
  if (field.kind === "file") return text || undefined;
  return text;
}

/** Whether an Advanced field holds something other than its default (the pane then opens). */
export function differsFromDefault(field: SettingField, value: unknown): boolean {
  return (
    value !== undefined && value !== (field.default ?? (field.kind === "boolean" ? false : ""))
  );
}
