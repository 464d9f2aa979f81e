/**
 * `--url` of `connections add` and `edit`: the settings a cluster URL gives (host, port, TLS, a
 * path), read by the connection's driver, under the flags given beside it. On edit, the settings
 * a URL gives and this one does not (a path, a Cloud ID) are cleared, so the URL is the address.
 */
import type { InstalledDriver } from "../app/connections/driver-registry.ts";
import { QuarryError } from "../core/errors.ts";

export function settingsFromUrlFlag(
  driver: InstalledDriver | undefined,
  url: unknown,
  mode: "add" | "edit",
): Record<string, unknown> {
  if (url === undefined) return {};
  const text = String(url);
  const schemes = driver?.settingsForm().url?.schemes ?? [];
  const parsed = URL.canParse(text) ? new URL(text) : undefined;
  const settings =
    parsed && schemes.includes(parsed.protocol.slice(0, -1))
      ? driver?.settingsFromUrl(parsed)
      : undefined;
  if (!settings)
    throw new QuarryError(
      "invalid_input",
      `--url "${text}" is not a URL this connection's driver reads`,
      schemes.length
        ? `Pass a URL starting with ${schemes.map((s) => `${s}://`).join(" or ")}, e.g. ${driver?.settingsForm().url?.example}.`
        : "Set the fields with their own flags instead (see --help).",
    );
  if (mode === "add") return settings;
  const cleared = (driver?.settingsForm().fields ?? [])
    .filter((f) => f.cli.urlFlag === null && f.kind !== "secret" && !(f.key in settings))
    .map((f) => [f.key, null]);
  return { ...Object.fromEntries(cleared), ...settings };
}
