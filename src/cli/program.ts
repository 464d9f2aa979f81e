/**
 * The whole `quarry` program: every command group (each lives in `commands/` and registers
 * itself here). main.ts loads it unless the command named is one that moves documents.
 */
import type { Command } from "commander";
import { registerAppCommands } from "./commands/app/index.ts";
import { registerAuditGroup } from "./commands/audit/index.ts";
import { registerBrowseCommands } from "./commands/browse.ts";
import { registerClusterCommands } from "./commands/cluster/index.ts";
import { registerCompareCommand } from "./commands/compare.ts";
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
import { installPreparers } from "./prepare.ts";
import { newProgram } from "./root-command.ts";

export function buildProgram(): Command {
  const program = newProgram();
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
  registerCompareCommand(program);
  installPreparers(program);
  return program;
}
