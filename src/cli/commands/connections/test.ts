/** `quarry connections test`: connects with a saved connection and prints the server it found. */
import type { Command } from "commander";
import { stepLine, withStep } from "../../../core/connection-steps.ts";
import { isQuarryError } from "../../../core/errors.ts";
import { wantsJson, withLive } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

export function registerTest(group: Command): void {
  group
    .command("test")
    .description(
      "connect with a saved connection and print the cluster's name and version, or the step that failed",
    )
    .argument("<conn>", "the connection's name or id")
    .action(async (conn: string, _flags: unknown, cmd: Command) => {
      await withLive(async (live) => {
        const { connection, session } = await live.session(conn);
        const info = await session.testConnection().catch((e: unknown) => {
          const named = withStep(e);
          const line = isQuarryError(named) ? stepLine(named.details) : undefined;
          if (line) process.stderr.write(`${line}\n`);
          throw named;
        });
        if (wantsJson(cmd))
          printJson({ connection: { id: connection.id, name: connection.name }, ...info });
        else
          printLine(
            `Connected with "${connection.name}": ${info.product} ${info.version}, cluster "${info.clusterName}"`,
          );
      });
    });
}
