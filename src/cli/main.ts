/** The `quarry` command line. Each command group lives in `commands/` and registers itself here. */
import { Command, CommanderError } from "commander";
import { APP_VERSION } from "../app/process/version.ts";
import { handleClosedOutput } from "./closed-output.ts";
import { registerAppCommands } from "./commands/app/index.ts";
import { registerAuditGroup } from "./commands/audit/index.ts";
import { registerBrowseCommands } from "./commands/browse.ts";
import { registerClusterCommands } from "./commands/cluster/index.ts";
import { registerConnectionCommands } from "./commands/connect.ts";
import { registerConnectionsCommands } from "./commands/connections/index.ts";
import { registerConsoleCommand } from "./commands/console.ts";
import { registerCopyCommand } from "./commands/copy.ts";
import { registerDeleteIndexCommand } from "./commands/delete-index.ts";
import { registerEsqlCommand } from "./commands/esql.ts";
import { registerExportCommand } from "./commands/export.ts";
import { registerHistoryCommand } from "./commands/history.ts";
import { registerImportCommand } from "./commands/import.ts";
import { registerIndexCommands } from "./commands/index/index.ts";
import { registerMcpCommands } from "./commands/mcp/index.ts";
import { registerMcpConfigCommand } from "./commands/mcp-config.ts";
import { registerPluginCommands } from "./commands/plugins/index.ts";
import { registerQueryCommands } from "./commands/query/index.ts";
import { registerSaveCommand } from "./commands/save.ts";
import { registerSecurityGroup } from "./commands/security/index.ts";
import { registerSnapshotGroup } from "./commands/snapshot/index.ts";
import { registerTemplateGroup } from "./commands/template/index.ts";
import { registerTokenCommands } from "./commands/tokens/index.ts";
import { EXIT } from "./exit-codes.ts";
import { reportError } from "./output.ts";
import { installPreparers } from "./prepare.ts";

export function buildProgram(): Command {
  const program = new Command("quarry")
    .description(
      "A local-first client for Elasticsearch 7.17, 8.x and 9.x, with a safe local MCP server",
    )
    .version(APP_VERSION, "-V, --version", "print Quarry's version")
    .option("--json", "print machine-readable JSON")
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerConnectionCommands(program);
  registerBrowseCommands(program);
  registerConnectionsCommands(program);
  registerAppCommands(program);
  registerPluginCommands(program);
  registerTokenCommands(program);
  registerMcpCommands(program);
  registerMcpConfigCommand(program);
  registerConsoleCommand(program);
  registerEsqlCommand(program);
  registerSaveCommand(program);
  registerQueryCommands(program);
  registerHistoryCommand(program);
  registerExportCommand(program);
  registerDeleteIndexCommand(program);
  registerClusterCommands(program);
  registerIndexCommands(program);
  registerSnapshotGroup(program);
  registerTemplateGroup(program);
  registerSecurityGroup(program);
  registerAuditGroup(program);
  registerCopyCommand(program);
  registerImportCommand(program);
  installPreparers(program);
  return program;
}

handleClosedOutput();
const program = buildProgram();
try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    process.exitCode = reportError(e, process.argv.includes("--json"));
  }
}
