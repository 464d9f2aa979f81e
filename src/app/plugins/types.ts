/**
 * What the plugin service answers, in its own words: install progress and results, installed
 * plugins, and the plugins and database types the catalog and the disk offer. Its callers (the
 * CLI, the UI's API, `quarry status`) show these or adapt them to their own shapes.
 */
import type { QuarryError } from "../../core/errors.ts";
import type { InstalledRecord } from "./store.ts";

export type InstallPhase = "download" | "verify" | "install" | "done";

/** One step of an install, for a progress bar or a log line. */
export interface InstallProgress {
  plugin: string;
  phase: InstallPhase;
  /** Bytes downloaded so far, and the archive's size. */
  received: number;
  total: number;
}

export interface InstallOptions {
  /** Download and install even when the same archive is installed and intact. */
  force?: boolean;
  onProgress?: (p: InstallProgress) => void;
  signal?: AbortSignal;
}

export interface InstallResult {
  record: InstalledRecord;
  /** False when the same archive was already installed and intact. */
  changed: boolean;
  previousVersion: string | null;
}

/** One plugin's outcome of `update`. */
export interface UpdateResult {
  id: string;
  from: string;
  to: string;
  changed: boolean;
  note?: string;
}

/** A load error as shown on one surface (the CLI's or the UI's remedy). */
export type ShownError = ReturnType<QuarryError["toJSON"]>;

/** An installed plugin as `quarry plugins list` and Settings > Plugins show it. */
export interface InstalledPlugin {
  id: string;
  name: string;
  version: string;
  driverType: string;
  displayName: string;
  sha256: string;
  installedAt: string;
  source: string;
  status: "ok" | "broken";
  /** Why it cannot be loaded, when broken. */
  error?: ShownError;
}

/** A database type that is installed, offered by the catalog, or both. */
export interface DriverAvailability {
  /** Driver type id, e.g. "elasticsearch". */
  type: string;
  displayName: string;
  /** Whether the driver plugin is installed and loadable. */
  installed: boolean;
  installedVersion: string | null;
  /** The catalog's version, when the catalog lists this driver. */
  availableVersion: string | null;
  loadError?: ShownError;
}

/** A plugin of the catalog, with what is installed of it. */
export interface CatalogPlugin extends DriverAvailability {
  description: string;
  updateAvailable: boolean;
}
