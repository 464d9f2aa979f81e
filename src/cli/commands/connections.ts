/**
 * `quarry connections add|list|show|edit|remove|test`: saved connections from the command line.
 * Secrets come only from standard input (`--password-stdin`, `--api-key-stdin`) and are never
 * printed, not even masked.
 */
import { accessSync, constants } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import {
  type AppStorage,
  addConnection,
  type ConnectionDescription,
  describeConnection,
  editConnection,
  openAppStorage,
  openSavedConnection,
  removeConnection,
  type SecretsChange,
} from "../../app/connections/connection-service.ts";
import { installedTypes } from "../../app/connections/driver-registry.ts";
import { pluginServiceFor } from "../../app/plugins/service.ts";
import type { SavedConnection } from "../../core/connections.ts";
import {
  AI_POLICIES,
  AI_POLICY_LABELS,
  type AiPolicy,
  type ConnectionPatch,
  EXTERNAL_CLIENT_LABELS,
  EXTERNAL_CLIENT_LEVELS,
  type ExternalClientsLevel,
} from "../../core/connections.ts";
import type { ConnectionSecrets, ServerInfo } from "../../core/driver.ts";
import { isQuarryError, QuarryError } from "../../core/errors.ts";
import { AUTH_FLAG_CHOICES, readStdin, SSL_MODE_FLAG_CHOICES } from "../connection-options.ts";
import { wantsJson } from "../context.ts";
import { EXIT } from "../exit-codes.ts";
import { printJson, printLine, printTable } from "../output.ts";

/** The flags shared by `add` and `edit`; every field of spec 2.1 and 2.6. */
interface FieldFlags {
  name?: string;
  type?: string;
  host?: string;
  port?: string;
  auth?: string;
  username?: string;
  passwordStdin?: boolean;
  apiKeyStdin?: boolean;
  sslMode?: string;
  skipTlsVerify?: boolean;
  caFile?: string | false;
  externalClients?: string;
  aiPolicy?: string;
  /** `--no-test` sets it false: save without connecting (scripts that add offline clusters). */
  test?: boolean;
}

function addFieldFlags(cmd: Command, forEdit: boolean): Command {
  const keep = forEdit ? " (unchanged when absent)" : "";
  return cmd
    .option("--name <name>", `the connection's unique name${forEdit ? " (renames it)" : ""}`)
    .option(
      "--host <host>",
      `cluster host name or IP address${forEdit ? keep : " (default localhost)"}`,
    )
    .option("--port <port>", `REST port${forEdit ? keep : " (default 9200)"}`)
    .option(
      `--auth <method>`,
      `${AUTH_FLAG_CHOICES}${forEdit ? keep : " (default: basic with --username, api-key with --api-key-stdin, else none)"}`,
    )
    .option("--username <name>", "user name for --auth basic")
    .option(
      "--password-stdin",
      "read the password from standard input (it is stored in the secret store)",
    )
    .option("--api-key-stdin", "read the API key (base64 `encoded` value) from standard input")
    .option(
      "--ssl-mode <mode>",
      `${SSL_MODE_FLAG_CHOICES}${forEdit ? keep : " (default disabled)"}`,
    )
    .option("--skip-tls-verify", "trust any certificate, even under verify-ca or verify-identity")
    .option("--no-skip-tls-verify", "check certificates as the SSL mode says")
    .option("--ca-file <path>", "PEM file of the CA to trust (verify-ca, verify-identity)")
    .option("--no-ca-file", "clear the CA file (use the system's trusted roots)")
    .option(
      "--external-clients <level>",
      `${EXTERNAL_CLIENT_LEVELS.join(" | ")}: what MCP clients may do${forEdit ? keep : " (default read-only)"}`,
    )
    .option(
      "--ai-policy <policy>",
      `${AI_POLICIES.join(" | ")}${forEdit ? keep : " (default ask-each-time)"}`,
    )
    .option(
      "--no-test",
      `save without connecting to the cluster to check ${forEdit ? "the change" : "it"} (for scripts)`,
    );
}

export function registerConnectionsCommands(program: Command): void {
  const group = program
    .command("connections")
    .description("add, list, show, edit, remove and test saved connections");

  addFieldFlags(
    group
      .command("add")
      .description("save a new connection (secrets only from standard input)")
      .option("--type <type>", `database type (${installedTypes().join(", ")})`, "elasticsearch"),
    false,
  ).action(async (flags: FieldFlags, cmd: Command) => {
    const name = flags.name;
    if (!name) throw usage("--name is required", "Name the connection, e.g. --name local-dev.");
    const storage = await openAppStorage();
    const auth =
      flags.auth ??
      (flags.apiKeyStdin ? "api-key" : flags.username || flags.passwordStdin ? "basic" : "none");
    const settings: Record<string, unknown> = {
      host: flags.host ?? "localhost",
      port: flags.port ?? 9200,
      auth,
      sslMode: flags.sslMode ?? "disabled",
      skipTlsVerify: flags.skipTlsVerify ?? false,
    };
    if (flags.username !== undefined) settings.username = flags.username;
    if (typeof flags.caFile === "string") settings.caFile = caFilePath(flags.caFile);
    const secrets = await readSecrets(flags);
    const saved = await withFlagHints(() =>
      addConnection(
        storage,
        {
          name,
          type: flags.type ?? "elasticsearch",
          settings,
          ...(flags.externalClients !== undefined
            ? { externalClients: flags.externalClients as ExternalClientsLevel }
            : {}),
          ...(flags.aiPolicy !== undefined ? { aiPolicy: flags.aiPolicy as AiPolicy } : {}),
        },
        secrets as ConnectionSecrets,
      ),
    );
    const described = await describeConnection(storage, saved);
    const test = flags.test === false ? undefined : await testSaved(storage, saved);
    if (wantsJson(cmd)) printJson(test ? { ...described, test: testJson(test) } : described);
    else {
      printLine(`Saved connection "${saved.name}" (id ${saved.id}).`);
      printSecretNote(described);
      if (test) printTest(saved, test);
    }
    if (test && !test.ok) process.exitCode = EXIT.partial;
  });

  group
    .command("list")
    .description("list saved connections (secrets are never shown)")
    .action(async (_flags: unknown, cmd: Command) => {
      const storage = await openAppStorage();
      const all = await storage.connections.list();
      const described = await Promise.all(all.map((c) => describeConnection(storage, c)));
      if (wantsJson(cmd)) return printJson(described);
      if (described.length === 0) {
        printLine(
          "No saved connections. Add one with: quarry connections add --name <name> --host <host>",
        );
        return;
      }
      printTable(
        ["NAME", "TYPE", "ENDPOINT", "AUTH", "EXTERNAL CLIENTS", "AI POLICY"],
        described.map((c) => [
          c.name,
          c.driverInstalled ? c.type : `${c.type} (driver not installed)`,
          c.endpoint ?? "",
          authLabel(c, settingLabels(storage, c.type)),
          EXTERNAL_CLIENT_LABELS[c.externalClients],
          AI_POLICY_LABELS[c.aiPolicy],
        ]),
        60,
      );
    });

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

  addFieldFlags(
    group
      .command("edit")
      .description("change a saved connection; only the given fields change")
      .argument("<conn>", "the connection's name or id"),
    true,
  ).action(async (conn: string, flags: FieldFlags, cmd: Command) => {
    const storage = await openAppStorage();
    const patch: ConnectionPatch = {};
    const settings: Record<string, unknown> = {};
    if (flags.name !== undefined) patch.name = flags.name;
    if (flags.host !== undefined) settings.host = flags.host;
    if (flags.port !== undefined) settings.port = flags.port;
    if (flags.auth !== undefined) settings.auth = flags.auth;
    if (flags.username !== undefined) settings.username = flags.username;
    if (flags.sslMode !== undefined) settings.sslMode = flags.sslMode;
    if (flags.skipTlsVerify !== undefined) settings.skipTlsVerify = flags.skipTlsVerify;
    if (flags.caFile === false) settings.caFile = null;
    else if (flags.caFile !== undefined) settings.caFile = caFilePath(flags.caFile);
    if (Object.keys(settings).length > 0) patch.settings = settings;
    if (flags.externalClients !== undefined)
      patch.externalClients = flags.externalClients as ExternalClientsLevel;
    if (flags.aiPolicy !== undefined) patch.aiPolicy = flags.aiPolicy as AiPolicy;
    const change: SecretsChange = await readSecrets(flags);
    if (Object.keys(patch).length === 0 && Object.keys(change).length === 0) {
      throw usage(
        "Nothing to change",
        `Pass the fields to change, e.g. quarry connections edit "${conn}" --port 9201 (see --help).`,
      );
    }
    const updated = await withFlagHints(() => editConnection(storage, conn, patch, change));
    const described = await describeConnection(storage, updated);
    // A change to how it connects is checked as a new connection is; a rename or a policy is not.
    const connects = patch.settings !== undefined || Object.keys(change).length > 0;
    const test =
      flags.test === false || !connects || !described.driverInstalled
        ? undefined
        : await testSaved(storage, updated);
    if (wantsJson(cmd)) printJson(test ? { ...described, test: testJson(test) } : described);
    else {
      printLine(`Updated connection "${updated.name}".`);
      printSecretNote(described);
      if (test) printTest(updated, test);
    }
    if (test && !test.ok) process.exitCode = EXIT.partial;
  });

  group
    .command("remove")
    .description("delete a saved connection and its stored secret")
    .argument("<conn>", "the connection's name or id")
    .action(async (conn: string, _flags: unknown, cmd: Command) => {
      const storage = await openAppStorage();
      const hadSecret =
        (await storage.secrets.locate((await storage.connections.require(conn)).id)) !== undefined;
      const removed = await removeConnection(storage, conn);
      if (wantsJson(cmd)) printJson({ removed: { id: removed.id, name: removed.name } });
      else
        printLine(
          `Removed connection "${removed.name}"${hadSecret ? " and its stored secret" : ""}.`,
        );
    });

  group
    .command("test")
    .description("connect with a saved connection and print the cluster's name and version")
    .argument("<conn>", "the connection's name or id")
    .action(async (conn: string, _flags: unknown, cmd: Command) => {
      const { connection, session } = await openSavedConnection(conn);
      try {
        const info = await session.testConnection();
        if (wantsJson(cmd))
          printJson({ connection: { id: connection.id, name: connection.name }, ...info });
        else
          printLine(
            `Connected with "${connection.name}": ${info.product} ${info.version}, cluster "${info.clusterName}"`,
          );
      } finally {
        await session.close();
      }
    });
}

type TestOutcome = { ok: true; info: ServerInfo } | { ok: false; error: QuarryError };

/** Connects with a connection just saved, as `quarry connections test` does. */
async function testSaved(storage: AppStorage, saved: SavedConnection): Promise<TestOutcome> {
  try {
    const { session } = await openSavedConnection(saved.id, storage);
    try {
      return { ok: true, info: await session.testConnection() };
    } finally {
      await session.close();
    }
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    return { ok: false, error: e };
  }
}

function testJson(t: TestOutcome) {
  return t.ok ? { ok: true, ...t.info } : { ok: false, error: t.error.toJSON() };
}

/** The test's outcome; a failure says what failed, and that the connection was kept. */
function printTest(saved: SavedConnection, t: TestOutcome): void {
  if (t.ok) {
    printLine(`Connected: ${t.info.product} ${t.info.version}, cluster "${t.info.clusterName}".`);
    return;
  }
  process.stderr.write(
    `error: the connection test failed: ${t.error.message}\n${t.error.remedy}\nThe connection is saved as it is: change it with quarry connections edit "${saved.name}" …, or remove it with quarry connections remove "${saved.name}".\n`,
  );
}

/** The flag that sets each field, so a refusal from the shared rules points at the right flag. */
const FIELD_FLAGS: Record<string, string> = {
  Name: "--name",
  Host: "--host",
  Port: "--port",
  "Auth Method": "--auth",
  Username: "--username",
  Password: "--password-stdin",
  "API Key": "--api-key-stdin",
  "SSL Mode": "--ssl-mode",
  "Skip TLS Verification": "--skip-tls-verify / --no-skip-tls-verify",
  "CA file": "--ca-file <path> / --no-ca-file",
  "External Clients": "--external-clients",
  "AI policy": "--ai-policy",
};

/** Adds the command-line flag to a refusal that names a field. */
async function withFlagHints<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    const flag = FIELD_FLAGS[String(e.details.field)];
    if (!flag) throw e;
    throw new QuarryError(e.code, e.message, `${e.remedy} (Flag: ${flag}.)`, { ...e.details });
  }
}

function usage(message: string, remedy: string): QuarryError {
  return new QuarryError("invalid_input", message, remedy);
}

/** Reads the one secret standard input carries. */
async function readSecrets(flags: FieldFlags): Promise<SecretsChange> {
  if (flags.passwordStdin && flags.apiKeyStdin) {
    throw usage(
      "--password-stdin and --api-key-stdin were both given",
      "Standard input carries one secret: pass the one your --auth method uses.",
    );
  }
  if (!flags.passwordStdin && !flags.apiKeyStdin) return {};
  if (process.stdin.isTTY)
    process.stderr.write(`${flags.passwordStdin ? "Password" : "API key"} (then Ctrl-D): `);
  const value = await readStdin();
  return flags.passwordStdin ? { password: value } : { apiKey: value };
}

/** An absolute path (the app may run from another folder) to a file that can be read now. */
function caFilePath(input: string): string {
  const path = resolve(input);
  try {
    accessSync(path, constants.R_OK);
  } catch {
    throw usage(
      `The CA file ${path} cannot be read`,
      "Pass the path of the cluster's CA certificate (PEM).",
    );
  }
  return path;
}

/** How a driver shows a setting's value ("verify-ca" is "Verify CA"); undefined if it does not say. */
type LabelOf = (setting: string, value: unknown) => string | undefined;

/** The labels of the installed driver of `type` (loaded when storage was opened). */
function settingLabels(storage: AppStorage, type: string): LabelOf {
  const choices = pluginServiceFor(storage.dir).loadedDriver(type)?.settingChoices?.() ?? {};
  return (setting, value) => choices[setting]?.find((choice) => choice.value === value)?.label;
}

function authLabel(c: ConnectionDescription, labelOf: LabelOf): string {
  const label = c.driverInstalled ? labelOf("auth", c.settings.auth) : undefined;
  if (label === undefined) return "";
  return c.settings.auth === "basic" ? `${label} (${String(c.settings.username)})` : label;
}

const SECRET_LABELS = { password: "Password", apiKey: "API key" } as const;

function printSecretNote(c: ConnectionDescription): void {
  for (const field of c.secret.needed) {
    if (c.secret.stored.includes(field) && c.secret.location)
      printLine(`${SECRET_LABELS[field]} stored in ${c.secret.location.description}.`);
  }
}

function printDescription(c: ConnectionDescription, storage: AppStorage): void {
  const rows: [string, string][] = [
    ["Name", c.name],
    ["Id", c.id],
    [
      "Type",
      c.driverInstalled ? c.type : `${c.type} (driver not installed; settings kept as saved)`,
    ],
  ];
  if (c.driverInstalled && c.type === "elasticsearch") {
    const s = c.settings;
    const labelOf = settingLabels(storage, c.type);
    rows.push(
      ["Endpoint", c.endpoint ?? "(settings invalid: quarry connections test names the problem)"],
      ["Host", String(s.host)],
      ["Port", String(s.port)],
      ["SSL Mode", labelOf("sslMode", s.sslMode) ?? String(s.sslMode)],
      ["Skip TLS Verification", s.skipTlsVerify ? "yes" : "no"],
      ["CA file", typeof s.caFile === "string" ? s.caFile : "(system roots)"],
      ["Auth Method", labelOf("auth", s.auth) ?? String(s.auth)],
    );
    if (s.auth === "basic") rows.push(["Username", String(s.username)]);
  } else {
    for (const [key, value] of Object.entries(c.settings)) rows.push([key, JSON.stringify(value)]);
  }
  for (const field of c.secret.needed) {
    const where = c.secret.stored.includes(field) && c.secret.location;
    rows.push([
      SECRET_LABELS[field],
      where
        ? `stored in ${where.description}`
        : `missing: add it with quarry connections edit "${c.name}" --${field === "password" ? "password" : "api-key"}-stdin`,
    ]);
  }
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
