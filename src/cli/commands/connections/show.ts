/**
 * `quarry connections show`: one saved connection, its settings as its driver's form labels them,
 * and where its secret is stored (never the secret).
 */
import type { Command } from "commander";
import {
  type AppStorage,
  type ConnectionDescription,
  describeConnection,
  openAppStorage,
} from "../../../app/connections/connection-service.ts";
import { installedDriver } from "../../../app/connections/driver-registry.ts";
import { AI_POLICY_LABELS, EXTERNAL_CLIENT_LABELS } from "../../../core/connections.ts";
import { isShown, type SettingField } from "../../../core/settings-form.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { secretLabel } from "./shared.ts";

export function registerShow(group: Command): void {
  group
    .command("show")
    .description("show one saved connection and where its secret is stored (never the secret)")
    .argument("<conn>", "the connection's name or id")
    .action(async (conn: string, _flags: unknown, cmd: Command) => {
      const storage = await openAppStorage();
      const described = await describeConnection(storage, await storage.connections.require(conn));
      if (wantsJson(cmd)) printJson(described);
      else printDescription(described, storage);
    });
}

/** A setting's value as people read it: a choice's label, yes/no, or the text itself. */
function shown(field: SettingField, value: unknown): string {
  if (field.kind === "boolean") return value === true ? "yes" : "no";
  if (value === undefined || value === null || value === "") return "(not set)";
  return field.choices?.find((c) => c.value === value)?.label ?? String(value);
}

function settingRows(c: ConnectionDescription): [string, string][] {
  const driver = c.driverInstalled ? installedDriver(c.type) : undefined;
  if (!driver) return Object.entries(c.settings).map(([k, v]) => [k, JSON.stringify(v)]);
  return [
    ["Endpoint", c.endpoint ?? "(settings invalid: quarry connections test names the problem)"],
    ...driver
      .settingsForm()
      .fields.filter((f) => f.kind !== "secret" && isShown(f, c.settings))
      .map((f): [string, string] => [f.label, shown(f, c.settings[f.key])]),
  ];
}

function secretRows(c: ConnectionDescription): [string, string][] {
  const driver = installedDriver(c.type);
  return c.secret.needed.map((name) => {
    const where = c.secret.stored.includes(name) && c.secret.location;
    const field = driver?.settingsForm().fields.find((f) => f.key === name);
    const flag = field?.cli.flag;
    const add = `quarry connections edit "${c.name}"${flag ? ` --${flag}` : ""}`;
    return [
      secretLabel(driver, name),
      where
        ? `stored in ${where.description}`
        : field?.optional
          ? `not stored (${field.hint ?? "optional"} Add it with ${add}.)`
          : `missing: add it with ${add}`,
    ];
  });
}

function printDescription(c: ConnectionDescription, storage: AppStorage): void {
  const rows: [string, string][] = [
    ["Name", c.name],
    ["Id", c.id],
    [
      "Type",
      c.driverInstalled ? c.type : `${c.type} (driver not installed; settings kept as saved)`,
    ],
    ...settingRows(c),
    ...secretRows(c),
  ];
  if (c.secret.location?.backend === "file" && storage.secrets.keyringUnavailable)
    rows.push([
      "Secret store",
      `file (the OS keyring is not used: ${storage.secrets.keyringUnavailable})`,
    ]);
  rows.push(
    ["External Clients", EXTERNAL_CLIENT_LABELS[c.externalClients]],
    ["AI policy", AI_POLICY_LABELS[c.aiPolicy]],
    ["Created", c.createdAt],
    ["Updated", c.updatedAt],
  );
  const width = Math.max(...rows.map(([k]) => k.length)) + 1;
  for (const [k, v] of rows) printLine(`${`${k}:`.padEnd(width)}  ${v}`);
}
