/** This Quarry's version (package.json), as plugins, the status command and the UI see it. */
import pkg from "../../../package.json" with { type: "json" };

export const APP_VERSION: string = pkg.version;
