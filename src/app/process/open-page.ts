/**
 * The page the browser is opened with: a file readable by this user only (0600, in the 0700 app
 * data folder) that sends the browser on to the UI's address with the per-run key in its fragment.
 * The browser opener is then given the file's name, never the key: a command's arguments (and its
 * environment) can be read by every local user (`ps`, /proc/<pid>/cmdline) for as long as the
 * browser it started runs. Jupyter opens its notebooks the same way.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { writeFileAtomic } from "../storage/atomic-write.ts";

/** The page's path for one run of the app. */
export function openPagePath(dataDir: string, instanceId: string): string {
  return join(dataDir, `open-${instanceId}.html`);
}

/** Pure: the page that sends the browser to `url` (meta refresh, and script where it runs). */
export function openPageHtml(url: string): string {
  const attr = url.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${attr}">
<title>Opening Quarry…</title>
</head>
<body>
<p>Opening Quarry… If nothing happens, <a href="${attr}">open Quarry</a>.</p>
<script>location.replace(${JSON.stringify(url).replaceAll("<", "\\u003c")});</script>
</body>
</html>
`;
}

/** Writes the page (0600) and returns the `file:` URL to hand to the browser opener. */
export async function writeOpenPage(
  dataDir: string,
  instanceId: string,
  url: string,
): Promise<string> {
  const path = openPagePath(dataDir, instanceId);
  await writeFileAtomic(path, openPageHtml(url), { mode: 0o600 });
  return pathToFileURL(path).href;
}

export async function removeOpenPage(dataDir: string, instanceId: string): Promise<void> {
  await rm(openPagePath(dataDir, instanceId), { force: true });
}
