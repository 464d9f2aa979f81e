/**
 * What the `quarry connections` subcommands share: the flags of the connection's own fields (name,
 * policies, --no-test), the test after a change and the answer that says it, and how refusals
 * point at the flag to fix.
 */
import type { Command } from "commander";
import {
  type AppStorage,
  type ConnectionDescription,
  describeConnection,
} from "../../../app/connections/connection-service.ts";
import type { InstalledDriver } from "../../../app/connections/driver-registry.ts";
import { stepLine, withStep } from "../../../core/connection-steps.ts";
import {
  AI_POLICIES,
  EXTERNAL_CLIENT_LEVELS,
  type SavedConnection,
} from "../../../core/connections.ts";
import type { ServerInfo } from "../../../core/driver.ts";
import { isQuarryError, QuarryError } from "../../../core/errors.ts";
import type { SettingsForm } from "../../../core/settings-form.ts";
import { wantsJson, withLive } from "../../context.ts";
import { EXIT } from "../../exit-codes.ts";
import { printJson, printLine } from "../../output.ts";
import { flagHint } from "../../settings-flags.ts";

/** The flags of the fields every connection has, whatever its database. */
export interface ConnectionFieldFlags {
  name?: string;
  externalClients?: string;
  aiPolicy?: string;
  /** A cluster URL that fills the address settings (cli/url-flag.ts). */
  url?: string;
  /** `--no-test` sets it false: save without connecting (scripts that add offline clusters). */
  test?: boolean;
  [driverFlag: string]: unknown;
}

export function addConnectionFieldFlags(cmd: Command, forEdit: boolean): Command {
  const keep = forEdit ? " (unchanged when absent)" : "";
  return cmd
    .option("--name <name>", `the connection's unique name${forEdit ? " (renames it)" : ""}`)
    .option(
      "--url <url>",
      "the cluster's URL (https://host:9243/prefix/): host, port, TLS and path; flags beside it win",
    )
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
      `save without connecting to check ${forEdit ? "the change" : "it"} (for scripts)`,
    );
}

export type TestOutcome = { ok: true; info: ServerInfo } | { ok: false; error: QuarryError };

/** Connects with a connection just saved, as `quarry connections test` does. */
export async function testSaved(storage: AppStorage, saved: SavedConnection): Promise<TestOutcome> {
  try {
    return await withLive<TestOutcome>(async (live) => {
      const { session } = await live.session(saved.id);
      try {
        return { ok: true, info: await session.testConnection() };
      } catch (e) {
        throw withStep(e);
      }
    }, storage);
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    return { ok: false, error: e };
  }
}

export function testJson(t: TestOutcome) {
  return t.ok ? { ok: true, ...t.info } : { ok: false, error: t.error.toJSON() };
}

/** The test's outcome; a failure says what failed, and that the connection was kept. */
export function printTest(saved: SavedConnection, t: TestOutcome): void {
  if (t.ok) {
    printLine(`Connected: ${t.info.product} ${t.info.version}, cluster "${t.info.clusterName}".`);
    return;
  }
  const step = stepLine(t.error.details);
  process.stderr.write(
    `error: the connection test failed: ${t.error.message}\n${step ? `${step}\n` : ""}${t.error.remedy}\nThe connection is saved as it is: change it with quarry connections edit "${saved.name}" …, or remove it with quarry connections remove "${saved.name}".\n`,
  );
}

/** The flags of the fields every connection has, so a refusal points at the right one. */
const OWN_FIELD_FLAGS: Record<string, string> = {
  Name: "--name",
  "External Clients": "--external-clients",
  "AI policy": "--ai-policy",
};

/** Adds the command-line flag to a refusal that names a field. */
export async function withFlagHints<T>(
  form: SettingsForm | undefined,
  body: () => Promise<T>,
): Promise<T> {
  try {
    return await body();
  } catch (e) {
    if (!isQuarryError(e)) throw e;
    const field = String(e.details.field);
    const flag = OWN_FIELD_FLAGS[field] ?? (form && flagHint(form, field));
    if (!flag) throw e;
    throw new QuarryError(e.code, e.message, `${e.remedy} (Flag: ${flag}.)`, { ...e.details });
  }
}

export function usage(message: string, remedy: string): QuarryError {
  return new QuarryError("invalid_input", message, remedy);
}

/** A secret's name as people read it, from the driver's form. */
export function secretLabel(driver: InstalledDriver | undefined, name: string): string {
  return driver?.settingsForm().fields.find((f) => f.key === name)?.label ?? name;
}

export function printSecretNote(
  c: ConnectionDescription,
  driver: InstalledDriver | undefined,
): void {
  for (const field of c.secret.needed) {
    if (c.secret.stored.includes(field) && c.secret.location)
      printLine(`${secretLabel(driver, field)} stored in ${c.secret.location.description}.`);
  }
}

/**
 * What add and edit answer for the connection they saved: its description, with a test when
 * `shouldTest` asks for one, as JSON; or `said`, where its secrets are stored, and the test's
 * outcome. A failed test exits partial.
 */
export async function answerSaved(
  command: Command,
  storage: AppStorage,
  saved: SavedConnection,
  driver: InstalledDriver | undefined,
  said: string,
  shouldTest: (described: ConnectionDescription) => boolean,
): Promise<void> {
  const described = await describeConnection(storage, saved);
  const test = shouldTest(described) ? await testSaved(storage, saved) : undefined;
  if (wantsJson(command)) printJson(test ? { ...described, test: testJson(test) } : described);
  else {
    printLine(said);
    printSecretNote(described, driver);
    if (test) printTest(saved, test);
  }
  if (test && !test.ok) process.exitCode = EXIT.partial;
}
