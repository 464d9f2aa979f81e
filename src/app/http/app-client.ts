/**
 * How other Quarry processes (the CLI, a second `quarry start`, `npm start`) talk to the running
 * app of a data folder: through its local HTTP server, with the per-run secret from instance.json.
 */
import { errors, QuarryError } from "../../core/errors.ts";
import type { AppStatus, WindowResult } from "../context.ts";
import { type InstanceInfo, readInstanceInfo } from "../process/instance.ts";
import { SECRET_HEADER } from "./api/contract.ts";

export class AppClient {
  readonly info: InstanceInfo;

  constructor(info: InstanceInfo) {
    this.info = info;
  }

  async #call<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    timeoutMs = 5_000,
  ): Promise<T> {
    const res = await fetch(`http://127.0.0.1:${this.info.port}${path}`, {
      method,
      headers: {
        [SECRET_HEADER]: this.info.secret,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const value = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const e = (value as { error?: { code: string; message: string; remedy: string } })?.error;
      if (e) throw new QuarryError(e.code as QuarryError["code"], e.message, e.remedy);
      throw errors.appNotResponding(this.info.pid, `it answered ${res.status}`);
    }
    return value as T;
  }

  status(timeoutMs?: number): Promise<AppStatus> {
    return this.#call("GET", "/api/app/status", undefined, timeoutMs);
  }

  /** Makes the running app open its window (and leave background mode for the rest of its run). */
  openWindow(): Promise<WindowResult> {
    return this.#call("POST", "/api/app/window", {}, 15_000);
  }

  /** Hands a `quarry://` URL to the running app. */
  openUrl(url: string): Promise<AppStatus> {
    return this.#call("POST", "/api/app/open-url", { url }, 15_000);
  }

  /** Asks the app to end; it answers first, then stops. */
  stop(): Promise<{ stopping: boolean }> {
    return this.#call("POST", "/api/app/stop", {});
  }
}

/**
 * The running app of a data folder, proven by its answer (the instance id of instance.json comes
 * back from the port it names), or undefined when none answers.
 */
export async function findRunningApp(
  dataDir: string,
): Promise<{ client: AppClient; status: AppStatus } | undefined> {
  const info = await readInstanceInfo(dataDir);
  if (!info) return undefined;
  const client = new AppClient(info);
  try {
    const status = await client.status(3_000);
    return status.instanceId === info.instanceId ? { client, status } : undefined;
  } catch {
    return undefined; // nothing listens there (a crashed run's file), or it is not answering
  }
}
