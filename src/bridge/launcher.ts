/**
 * Launching Quarry in the background when no trusted handshake is found (docs/mcp.md, "Launching
 * the app"): macOS `open -g quarry://integrations/start-mcp`; Linux the
 * handler registered for the `quarry://` scheme (`xdg-mime query default x-scheme-handler/quarry`,
 * opened with `xdg-open`), else the `quarry` installed beside this bridge, as
 * `quarry open-url quarry://integrations/start-mcp` (the app started in background mode with its
 * MCP server). QUARRY_LAUNCHER names another command, run with the URL as its one argument
 * (tests), or `none` to never launch anything.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SCHEME_MIME, START_MCP_URL } from "../core/quarry-scheme.ts";

export const LAUNCHER_ENV = "QUARRY_LAUNCHER";

export interface LaunchCommand {
  kind: "command";
  command: string;
  args: string[];
  how: string;
  /** Tried when this one fails (the registered handler first, then the quarry beside). */
  fallback?: LaunchCommand;
}

export type LaunchPlan = { kind: "none"; why: string } | LaunchCommand;

/** How this machine launches Quarry. Pure: the probes' answers are passed in. */
export function launchPlan(input: {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The desktop entry registered for quarry:// (Linux), if any. */
  schemeHandler: string | undefined;
  /** The `quarry` installed beside this bridge, if it exists. */
  quarryBeside: string | undefined;
}): LaunchPlan {
  const chosen = input.env[LAUNCHER_ENV]?.trim();
  if (chosen === "none") return { kind: "none", why: `${LAUNCHER_ENV} is "none"` };
  if (chosen)
    return {
      kind: "command",
      command: chosen,
      args: [START_MCP_URL],
      how: `${chosen} ${START_MCP_URL} (${LAUNCHER_ENV})`,
    };
  if (input.platform === "darwin")
    return {
      kind: "command",
      command: "/usr/bin/open",
      args: ["-g", START_MCP_URL],
      how: `open -g ${START_MCP_URL}`,
    };
  const beside: LaunchCommand | undefined = input.quarryBeside
    ? {
        kind: "command",
        command: input.quarryBeside,
        args: ["open-url", START_MCP_URL],
        how: `${input.quarryBeside} open-url ${START_MCP_URL}`,
      }
    : undefined;
  // xdg-open opens a scheme only inside a graphical session; without one it cannot, and the
  // quarry beside the bridge is started directly.
  const graphical = Boolean(input.env.DISPLAY || input.env.WAYLAND_DISPLAY);
  if (input.platform !== "win32" && input.schemeHandler && graphical)
    return {
      kind: "command",
      command: "xdg-open",
      args: [START_MCP_URL],
      how: `xdg-open ${START_MCP_URL} (handler ${input.schemeHandler})`,
      ...(beside ? { fallback: beside } : {}),
    };
  if (beside) return beside;
  return {
    kind: "none",
    why: "no quarry:// handler is registered and no quarry is installed beside quarry-mcp",
  };
}

/** The desktop entry xdg-mime names for quarry:// links, if any (Linux and other Unixes). */
export function registeredSchemeHandler(env: NodeJS.ProcessEnv): string | undefined {
  if (process.platform === "darwin" || process.platform === "win32") return undefined;
  const res = spawnSync("xdg-mime", ["query", "default", SCHEME_MIME], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout: 5_000,
  });
  const entry = res.status === 0 ? res.stdout.trim() : "";
  return entry || undefined;
}

/** `bin/quarry` of this install, beside `bin/quarry-mcp`. */
export function quarryBesideBridge(): string | undefined {
  const path = join(import.meta.dirname, "..", "..", "bin", "quarry");
  return existsSync(path) ? path : undefined;
}

export function planForThisMachine(env: NodeJS.ProcessEnv): LaunchPlan {
  const chosen = env[LAUNCHER_ENV]?.trim();
  return launchPlan({
    platform: process.platform,
    env,
    // A launcher named in the environment wins; no need to ask xdg-mime then.
    schemeHandler: chosen ? undefined : registeredSchemeHandler(env),
    quarryBeside: quarryBesideBridge(),
  });
}

export interface Launch {
  how: string;
  /** Resolves when the launcher ends: undefined when it succeeded, else why it failed. */
  ended: Promise<string | undefined>;
  /** Stops listening to the launcher (it may go on running; the app it started stays). */
  release(): void;
}

/**
 * Runs the launcher detached from this process: it never sees the bridge's stdin or stdout (the
 * MCP channel); the last of its standard error is kept to say why it failed.
 */
export function launch(plan: LaunchCommand, env: NodeJS.ProcessEnv): Launch {
  let tail = "";
  const child = spawn(plan.command, plan.args, {
    env,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    tail = (tail + chunk).slice(-2000);
  });
  const ended = new Promise<string | undefined>((resolve) => {
    child.once("error", (e: NodeJS.ErrnoException) =>
      resolve(`${plan.how} could not run (${e.code ?? e.message})`),
    );
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve(undefined);
      const last = tail.trim().split("\n").filter(Boolean).pop();
      resolve(
        `${plan.how} failed (${signal ?? `exit status ${code}`})${last ? `: ${last.slice(0, 500)}` : ""}`,
      );
    });
  });
  return {
    how: plan.how,
    ended,
    release() {
      child.stderr?.destroy();
      child.unref();
    },
  };
}
