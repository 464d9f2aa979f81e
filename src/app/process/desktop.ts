/**
 * Desktop integration on Linux (`quarry install-desktop`): two desktop entries in
 * $XDG_DATA_HOME/applications (default ~/.local/share/applications):
 *
 *   quarry.desktop              "Quarry" in the applications menu: `quarry start`
 *   quarry-url-handler.desktop  hidden; handles quarry:// links: `quarry open-url %u`
 *
 * and the handler made the default for x-scheme-handler/quarry with `xdg-mime` (or, where it is
 * missing, by writing $XDG_CONFIG_HOME/mimeapps.list the way xdg-mime would). So
 * `xdg-open quarry://integrations/start-mcp`, which the bridge runs, starts Quarry in the
 * background with its MCP server. On macOS the app bundle's Info.plist declares the scheme instead
 * (CFBundleURLTypes), see docs/cli.md.
 */
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { QuarryError } from "../../core/errors.ts";
import { SCHEME_MIME } from "../../core/quarry-scheme.ts";
import { writeFileAtomic } from "../storage/atomic-write.ts";
import { installPaths } from "./install.ts";

export const MENU_ENTRY = "quarry.desktop";
export const URL_HANDLER_ENTRY = "quarry-url-handler.desktop";

/** The installed `quarry` launcher, links followed. */
export function quarryExecutable(): string {
  return realpathSync(installPaths.quarry);
}

/**
 * Quotes one argument of a desktop entry's Exec key (Desktop Entry Specification, "The Exec key"):
 * reserved characters need double quotes, inside which `"`, `` ` ``, `$` and `\` are escaped; then
 * the string value itself escapes every backslash once more.
 */
export function execArg(arg: string): string {
  const literal = arg.replace(/%/g, "%%"); // a lone % would start a field code such as %u
  const quoted = /[\s"'\\><~|&;$*?#()`]/.test(literal)
    ? `"${literal.replace(/(["`$\\])/g, "\\$1")}"`
    : literal;
  return quoted.replace(/\\/g, "\\\\");
}

export function desktopEntries(quarry: string): Record<string, string> {
  const exec = execArg(quarry);
  return {
    [MENU_ENTRY]: [
      "[Desktop Entry]",
      "Type=Application",
      "Name=Quarry",
      "GenericName=Elasticsearch client",
      "Comment=Browse, edit and query Elasticsearch; a safe local MCP server for AI agents",
      `Exec=${exec} start`,
      "Terminal=false",
      "Categories=Development;Database;",
      "StartupNotify=false",
      "",
    ].join("\n"),
    [URL_HANDLER_ENTRY]: [
      "[Desktop Entry]",
      "Type=Application",
      "Name=Quarry (quarry:// links)",
      "Comment=Opens quarry:// links, e.g. the MCP bridge's start request",
      `Exec=${exec} open-url %u`,
      "Terminal=false",
      "NoDisplay=true",
      `MimeType=${SCHEME_MIME};`,
      "",
    ].join("\n"),
  };
}

function dataHome(env: NodeJS.ProcessEnv): string {
  const x = env.XDG_DATA_HOME?.trim();
  return x && isAbsolute(x) ? x : join(env.HOME?.trim() || homedir(), ".local", "share");
}

function configHome(env: NodeJS.ProcessEnv): string {
  const x = env.XDG_CONFIG_HOME?.trim();
  return x && isAbsolute(x) ? x : join(env.HOME?.trim() || homedir(), ".config");
}

export function applicationsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataHome(env), "applications");
}

/** Sets (or, with null, removes) `x-scheme-handler/quarry` in mimeapps.list, keeping the rest. */
export function withSchemeDefault(list: string, entry: string | null): string {
  const lines = (list.trim() === "" ? [] : list.split("\n")).filter(
    (l) => !l.startsWith(`${SCHEME_MIME}=`),
  );
  if (entry === null) return lines.join("\n");
  let at = lines.findIndex((l) => l.trim() === "[Default Applications]");
  if (at < 0) {
    if (lines.length && lines[lines.length - 1] !== "") lines.push("");
    lines.push("[Default Applications]");
    at = lines.length - 1;
  }
  lines.splice(at + 1, 0, `${SCHEME_MIME}=${entry}`);
  const text = lines.join("\n");
  return text.endsWith("\n") ? text : `${text}\n`;
}

export interface DesktopResult {
  files: string[];
  /** How the scheme was registered (or unregistered). */
  registeredWith: "xdg-mime" | "mimeapps.list";
  exec: string;
}

function xdgMime(args: string[], env: NodeJS.ProcessEnv): boolean {
  const res = spawnSync("xdg-mime", args, { env, stdio: "ignore", timeout: 20_000 });
  return res.status === 0;
}

async function setDefaultByFile(env: NodeJS.ProcessEnv, entry: string | null): Promise<void> {
  const dir = configHome(env);
  const path = join(dir, "mimeapps.list");
  const current = await readFile(path, "utf8").catch(() => undefined);
  if (current === undefined && entry === null) return;
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(path, withSchemeDefault(current ?? "", entry), { mode: 0o644 });
}

function refreshDatabase(dir: string, env: NodeJS.ProcessEnv): void {
  // Optional: not every system has it, and the entries work without it.
  spawnSync("update-desktop-database", [dir], { env, stdio: "ignore", timeout: 20_000 });
}

function requireLinuxLike(): void {
  if (process.platform === "darwin" || process.platform === "win32") {
    throw new QuarryError(
      "invalid_input",
      `quarry install-desktop registers the quarry:// scheme on Linux; this is ${process.platform}`,
      process.platform === "darwin"
        ? "On macOS the app bundle's Info.plist declares the scheme (CFBundleURLTypes with CFBundleURLSchemes = quarry); see docs/cli.md."
        : "On Windows the installer registers the scheme.",
    );
  }
}

export async function installDesktop(env: NodeJS.ProcessEnv = process.env): Promise<DesktopResult> {
  requireLinuxLike();
  const quarry = quarryExecutable();
  const dir = applicationsDir(env);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const [name, text] of Object.entries(desktopEntries(quarry))) {
    const path = join(dir, name);
    await writeFileAtomic(path, text, { mode: 0o644 });
    files.push(path);
  }
  refreshDatabase(dir, env);
  let registeredWith: DesktopResult["registeredWith"] = "xdg-mime";
  if (!xdgMime(["default", URL_HANDLER_ENTRY, SCHEME_MIME], env)) {
    await setDefaultByFile(env, URL_HANDLER_ENTRY);
    registeredWith = "mimeapps.list";
  }
  return { files, registeredWith, exec: quarry };
}

export async function removeDesktop(env: NodeJS.ProcessEnv = process.env): Promise<DesktopResult> {
  requireLinuxLike();
  const dir = applicationsDir(env);
  const files = [MENU_ENTRY, URL_HANDLER_ENTRY].map((n) => join(dir, n));
  for (const f of files) await rm(f, { force: true });
  // xdg-mime cannot unset a default: take the line out of mimeapps.list directly.
  await setDefaultByFile(env, null);
  refreshDatabase(dir, env);
  return { files, registeredWith: "mimeapps.list", exec: quarryExecutable() };
}
