/**
 * The detached process that `start --background` and `open-url` launch; not for people. It
 * reports over the IPC channel whether the app started, was running already, or failed.
 */
import type { Command } from "commander";
import type { RunningApp } from "../../../app/app.ts";
import { CHILD_COMMAND, type ChildReport } from "../../../app/process/daemon.ts";
import { isQuarryError } from "../../../core/errors.ts";
import { EXIT } from "../../exit-codes.ts";
import { portFlag } from "./shared.ts";

export function registerChild(program: Command): void {
  // The detached process `start --background` and `open-url` launch; not for people.
  program
    .command(CHILD_COMMAND, { hidden: true })
    .option("--start-mcp")
    .option("--port <port>")
    .action(async (flags: { startMcp?: boolean; port?: string }) => {
      const send = (r: ChildReport) => process.send?.(r);
      let app: RunningApp | undefined;
      try {
        const port = portFlag(flags.port);
        const { startApp } = await import("../../../app/app.ts");
        const result = await startApp({
          background: true,
          handleSignals: true,
          ...(flags.startMcp ? { startMcp: true } : {}),
          ...(port ? { port } : {}),
        });
        if (result.kind === "already-running")
          send({ type: "already-running", pid: result.status.pid });
        else {
          app = result.app;
          send({ type: "started", pid: app.info.pid, port: app.info.port });
        }
      } catch (e) {
        const error = isQuarryError(e)
          ? e.toJSON()
          : { code: "internal", message: String((e as Error)?.stack ?? e), remedy: "" };
        process.stderr.write(`${new Date().toISOString()} failed to start: ${error.message}\n`);
        send({ type: "failed", error });
        process.exit(EXIT.failed);
      }
      if (process.connected) process.disconnect();
      if (app) await app.stopped;
      process.exit(EXIT.ok);
    });
}
