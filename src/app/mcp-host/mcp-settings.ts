/**
 * The MCP server's settings (Settings > Integrations; `quarry mcp enable|disable|port`) in
 * `mcp-settings.json` in the app data folder: the Enable MCP Server switch, the preferred port and
 * the limits. The CLI writes the file (atomically, under a lock); the app reads it at start and
 * whenever it changes, so `quarry mcp disable` stops the running server at once.
 */
import { type FSWatcher, watch } from "node:fs";
import { join } from "node:path";
import { errors } from "../../core/errors.ts";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-write.ts";
import { withFileLock } from "../storage/file-lock.ts";
import { ensurePrivateDir } from "../storage/paths.ts";

export const MCP_SETTINGS_FILE = "mcp-settings.json";

/** Limits of the MCP server; every value is documented in docs/mcp.md. */
export interface McpLimits {
  /** Requests one token may send in any 60 seconds. */
  requestsPerMinute: number;
  /** Requests one token may have in flight at once. */
  concurrentRequests: number;
  /** How long a tool call waits for the user to answer an approval, in seconds. */
  approvalTimeoutSeconds: number;
}

export interface McpSettings {
  /** The Enable MCP Server switch. */
  enabled: boolean;
  /** The port tried first; if it is taken the server binds any free port (shown by `quarry mcp status`). */
  preferredPort: number;
  limits: McpLimits;
}

export const DEFAULT_MCP_PORT = 23510;

export const DEFAULT_MCP_SETTINGS: McpSettings = {
  enabled: true,
  preferredPort: DEFAULT_MCP_PORT,
  limits: { requestsPerMinute: 600, concurrentRequests: 16, approvalTimeoutSeconds: 120 },
};

const LIMIT_RANGES: Record<keyof McpLimits, [number, number]> = {
  requestsPerMinute: [1, 1_000_000],
  concurrentRequests: [1, 10_000],
  approvalTimeoutSeconds: [5, 3600],
};

/** Settings as stored, checked field by field; a missing or wrong field takes its default. */
export function normalizeSettings(raw: unknown): McpSettings {
  const o = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const l = (o.limits && typeof o.limits === "object" ? o.limits : {}) as Record<string, unknown>;
  const limits = { ...DEFAULT_MCP_SETTINGS.limits };
  for (const key of Object.keys(LIMIT_RANGES) as (keyof McpLimits)[]) {
    const v = l[key];
    const [min, max] = LIMIT_RANGES[key];
    if (typeof v === "number" && Number.isInteger(v) && v >= min && v <= max) limits[key] = v;
  }
  return {
    enabled: typeof o.enabled === "boolean" ? o.enabled : DEFAULT_MCP_SETTINGS.enabled,
    preferredPort: isPort(o.preferredPort) ? o.preferredPort : DEFAULT_MCP_SETTINGS.preferredPort,
    limits,
  };
}

function isPort(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 65535;
}

export function parsePort(input: string): number {
  const n = Number(input);
  if (!isPort(n))
    throw errors.invalidConfig(
      "Port",
      `"${input}" is not a port number`,
      "Give a whole number from 1 to 65535, e.g. 23510.",
    );
  return n;
}

export class McpSettingsStore {
  readonly dir: string;
  readonly path: string;

  constructor(dir: string) {
    this.dir = dir;
    this.path = join(dir, MCP_SETTINGS_FILE);
  }

  async read(): Promise<McpSettings> {
    return normalizeSettings(await readJsonFile<unknown>(this.path, {}));
  }

  async update(change: (s: McpSettings) => void): Promise<McpSettings> {
    await ensurePrivateDir(this.dir);
    return withFileLock(`${this.path}.lock`, async () => {
      const settings = await this.read();
      change(settings);
      const next = normalizeSettings(settings);
      await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      return next;
    });
  }

  /** Calls `onChange` (debounced) when the settings file is replaced. Returns a stop function. */
  watch(onChange: () => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    let watcher: FSWatcher | undefined;
    try {
      watcher = watch(this.dir, { persistent: false }, (_event, file) => {
        if (file !== null && file !== MCP_SETTINGS_FILE) return;
        clearTimeout(timer);
        timer = setTimeout(onChange, 50);
      });
    } catch {
      // Without a watch, changes apply at the next start.
    }
    return () => {
      clearTimeout(timer);
      watcher?.close();
    };
  }
}
