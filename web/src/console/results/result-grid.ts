/** What the console's result grids share: their look, and a height that fits short tables. */
import { AllCommunityModule, ModuleRegistry, themeQuartz } from "ag-grid-community";

ModuleRegistry.registerModules([AllCommunityModule]);

export const resultTheme = themeQuartz.withParams({
  fontFamily: "inherit",
  fontSize: 12,
  rowHeight: 28,
  headerHeight: 30,
  spacing: 5,
});

/** Short tables take the rows' height; long ones scroll inside 420 px (rows render as seen). */
export function gridHeight(rows: number): number {
  return Math.min(420, 34 + Math.max(1, rows) * 28 + 16);
}
