/**
 * Opens the UI in the default browser: `open` on macOS, `xdg-open` elsewhere (only inside a
 * graphical session, so a server never starts a text-mode browser in the background).
 * QUARRY_BROWSER names another command to run with the URL as its one argument (tests observe what
 * would be opened this way), or `none` to never open anything and print the address instead.
 */
import { spawn } from "node:child_process";

export const BROWSER_ENV = "QUARRY_BROWSER";

export interface OpenResult {
  opened: boolean;
  /** The command used, or why nothing was opened. */
  how: string;
}

/** How long a launcher may run before it is taken as having opened the page. */
const LAUNCH_WAIT_MS = 5_000;

export function browserCommand(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): { command: string } | { none: string } {
  const chosen = env[BROWSER_ENV]?.trim();
  if (chosen === "none") return { none: `${BROWSER_ENV} is "none"` };
  if (chosen) return { command: chosen };
  if (platform === "darwin") return { command: "open" };
  if (platform === "win32") return { command: "explorer.exe" };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { none: "there is no graphical session" };
  return { command: "xdg-open" };
}

export function openInBrowser(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<OpenResult> {
  const choice = browserCommand(env, platform);
  if ("none" in choice) return Promise.resolve({ opened: false, how: choice.none });
  const { command } = choice;
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: OpenResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const child = spawn(command, [url], { stdio: "ignore", detached: true, env });
    const timer = setTimeout(() => {
      child.unref();
      finish({ opened: true, how: command });
    }, LAUNCH_WAIT_MS);
    child.on("error", (e: NodeJS.ErrnoException) =>
      finish({ opened: false, how: `${command} could not run (${e.code ?? e.message})` }),
    );
    child.on("exit", (code) =>
      finish(
        code === 0
          ? { opened: true, how: command }
          : { opened: false, how: `${command} exited with status ${code}` },
      ),
    );
  });
}
