/**
 * How a command names its connection: `<conn>` is a saved connection's name, or a URL
 * (`http://host:port`, `https://host:port`) with the connection flags below. Secrets are read from
 * standard input (`--password-stdin`, `--api-key-stdin`) so they stay out of shell history.
 */
import type { Command } from "commander";
import type { ConnectionSecrets } from "../core/driver.ts";
import { QuarryError } from "../core/errors.ts";

export interface ConnectionFlags {
  user?: string;
  passwordStdin?: boolean;
  apiKeyStdin?: boolean;
  sslMode?: string;
  caFile?: string;
  skipTlsVerify?: boolean;
}

/*
 * The choices of the settings these flags set, for help text. Help is written before any driver is
 * loaded, so the words are kept here; test/unit/cli-settings-help.test.ts checks them against the
 * Elasticsearch driver's `settingChoices()`, which stays the one source of the rules.
 */
export const AUTH_FLAG_CHOICES = "basic | api-key | none";
export const SSL_MODE_FLAG_CHOICES =
  "disabled | preferred | required-skip-verify | verify-ca | verify-identity";

export function addConnectionFlags(cmd: Command): Command {
  return cmd
    .option("--user <name>", "user name for Username & Password (with a URL)")
    .option("--password-stdin", "read the password from standard input")
    .option("--api-key-stdin", "read the API key (base64) from standard input")
    .option("--ssl-mode <mode>", SSL_MODE_FLAG_CHOICES)
    .option("--ca-file <path>", "PEM file of the CA (Verify CA, Verify Identity)")
    .option("--skip-tls-verify", "trust any certificate");
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/**
 * Builds the settings of a connection that is not saved from a URL and the flags, in the form of
 * the Elasticsearch driver's settings (the one driver a URL names); the driver checks them.
 */
export async function settingsFromUrl(
  url: string,
  flags: ConnectionFlags,
): Promise<{ settings: Record<string, unknown>; secrets: ConnectionSecrets }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new QuarryError(
      "invalid_input",
      `"${url}" is neither a saved connection nor a URL`,
      "Pass a saved connection's name, or a URL such as http://localhost:9200.",
    );
  }
  if (parsed.username || parsed.password) {
    throw new QuarryError(
      "invalid_input",
      "The URL carries credentials",
      "Pass the user with --user and the password with --password-stdin, so it stays out of shell history.",
    );
  }
  const https = parsed.protocol === "https:";
  const secrets: ConnectionSecrets = {};
  const auth = flags.apiKeyStdin ? "api-key" : flags.user ? "basic" : "none";
  if (flags.passwordStdin) secrets.password = await readStdin();
  else if (flags.apiKeyStdin) secrets.apiKey = await readStdin();
  // --user without --password-stdin asks the cluster as that user with an empty password.
  else if (auth === "basic") secrets.password = "";
  const settings = {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port || (https ? 443 : 9200),
    auth,
    username: flags.user,
    sslMode: flags.sslMode ?? (https ? "verify-identity" : "disabled"),
    caFile: flags.caFile,
    skipTlsVerify: flags.skipTlsVerify ?? false,
  };
  return { settings, secrets };
}
