/**
 * Reaching a session's copy and import methods (transfer.ts) from the app: a driver plugin built
 * before them says so instead of failing with "not a function".
 */
import type { DriverSession } from "./driver.ts";
import { QuarryError } from "./errors.ts";

type TransferMethod =
  | "readDefinition"
  | "planCreateTable"
  | "tableState"
  | "openLoad"
  | "lineDecoder"
  | "fieldKinds"
  | "defineFields"
  | "openScan";

/**
 * Checks that the session's driver plugin can move records in (a plugin built before copy and
 * import says so, instead of failing with "not a function").
 */
export function requireTransfer(session: DriverSession, ...needs: TransferMethod[]): void {
  for (const need of needs)
    if (typeof session[need] !== "function")
      throw new QuarryError(
        "plugin_unavailable",
        `This connection's driver plugin cannot ${need === "lineDecoder" || need === "fieldKinds" ? "read files to import" : "copy or load tables"} (it has no ${need})`,
        "Update the driver plugin (quarry plugins update), then run it again.",
        {},
        "Update the driver plugin in Settings > Plugins, then try again.",
      );
}
