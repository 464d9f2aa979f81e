/**
 * Running the app in this process until it is stopped (Ctrl-C, `quarry stop`), or handing over
 * to the one already running: `quarry start` and `npm start`.
 */
import type { WindowResult } from "../../../app/context.ts";
import { handleClosedOutput, onClosedOutput } from "../../closed-output.ts";
import { printJson, printLine } from "../../output.ts";

function windowLines(window: WindowResult | undefined): string[] {
  if (!window) return [];
  if (window.opened) return ["Its window is open in your browser."];
  return [`No browser window was opened (${window.how}). Open this address:`, `  ${window.url}`];
}

/** The secret-bearing address only when no browser could show it. */
function windowJson(window: WindowResult | undefined) {
  if (!window) return null;
  return { opened: window.opened, how: window.how, ...(window.opened ? {} : { url: window.url }) };
}

/**
 * Runs the app in this process until it is stopped (Ctrl-C, `quarry stop`), or hands over to the
 * one already running. Used by `quarry start` and by `npm start`.
 */
export async function runAppInForeground(
  options: { port?: number; json?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  const { startApp } = await import("../../../app/app.ts"); // the app's parts load only to run it
  const result = await startApp({
    background: false,
    handleSignals: true,
    ...(options.port ? { port: options.port } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  if (result.kind === "already-running") {
    const { status, window } = result;
    if (options.json) {
      printJson({
        alreadyRunning: true,
        pid: status.pid,
        url: status.url,
        window: windowJson(window),
      });
    } else {
      printLine(`Quarry is already running (pid ${status.pid}, data folder ${status.dataDir}).`);
      for (const line of windowLines(window)) printLine(line);
    }
    return;
  }
  const { app, window } = result;
  // A closed output (the terminal's reader went away) ends the app as it ends any command, but
  // cleanly: instance.json removed, the lock released.
  handleClosedOutput();
  const restore = onClosedOutput((status) => {
    process.exitCode = status;
    void app.stop("its output was closed");
  });
  void app.stopped.then(restore);
  if (options.json) {
    printJson({
      started: true,
      pid: app.info.pid,
      url: `http://127.0.0.1:${app.info.port}/`,
      dataDir: app.info.dataDir,
      window: windowJson(window),
    });
  } else {
    printLine(`Quarry ${app.info.version} is running (pid ${app.info.pid}).`);
    printLine(`  UI:          http://127.0.0.1:${app.info.port}/`);
    printLine(`  Data folder: ${app.info.dataDir}`);
    for (const line of windowLines(window)) printLine(line);
    printLine("Stop it with Ctrl-C here, or with quarry stop from another terminal.");
  }
  await app.stopped;
}
