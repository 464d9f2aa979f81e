/**
 * Builds the driver plugin archives and the catalog that lists them, into dist/plugins (git-ignored):
 *
 *   dist/plugins/<id>-<version>.tgz   quarry-plugin.json, index.js (the driver bundled with its
 *                                     dependencies, e.g. undici), THIRD-PARTY-LICENSES.txt
 *   dist/plugins/catalog.json         id, version, SHA-256, size and the archive's (relative) URL
 *
 * The build is deterministic (same sources, same bytes, same SHA-256) and skipped when no input
 * changed, so `npm start` and `npm test` call it every time at no cost.
 *
 *   node scripts/build-plugins.ts            build when an input changed
 *   node scripts/build-plugins.ts --force    build anyway
 *   node scripts/build-plugins.ts --out DIR  build into DIR (always)
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { create } from "tar";
import { SHIPPED_CATALOG_DIR } from "../src/app/plugins/catalog.ts";
import {
  type CatalogEntry,
  MANIFEST_FILE,
  PLUGIN_API_VERSION,
  type PluginCatalog,
  type PluginManifest,
  type PluginModule,
} from "../src/core/plugin.ts";
import { ensureConsoleDefinitions } from "./console-definitions.ts";
import { thirdPartyLicenses } from "./third-party-licenses.ts";

const root = join(import.meta.dirname, "..");
const appVersion = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }
).version;

/** The plugins this project builds: the entry module (it exports `activate`) and a description. */
const PLUGINS = [
  {
    entry: "src/drivers/elasticsearch/plugin.ts",
    description:
      "Browse, edit, query and export Elasticsearch 7.17, 8.x and 9.x clusters over REST.",
  },
];

/** Everything the archives are made from; a change to any of these rebuilds them. */
const INPUTS = [
  "src/core",
  "src/drivers",
  "package-lock.json",
  "package.json",
  "scripts/build-plugins.ts",
  "scripts/console-definitions.ts",
];
const STAMP = ".inputs-sha256";

// The bundle is an ES module imported from memory (a data: URL), where `require` does not exist;
// the CommonJS parts of its dependencies get one that resolves Node's built-in modules.
const BANNER =
  'import { createRequire as __quarryCreateRequire } from "node:module";\n' +
  'const require = __quarryCreateRequire("/");\n' +
  // ssh2's WebAssembly Poly1305 (Emscripten) asks for its folder; its module is inline.
  'const __dirname = "/";';

export interface BuiltPlugins {
  dir: string;
  catalogPath: string;
  catalog: PluginCatalog;
  /** False when the inputs had not changed and the existing build was kept. */
  built: boolean;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function inputsHash(): string {
  const h = createHash("sha256");
  for (const file of INPUTS.flatMap((p) => filesUnder(join(root, p)))) {
    h.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return h.digest("hex");
}

/** Packs files into a deterministic .tgz: sorted, fixed times and modes, no owner names. */
export async function packPluginArchive(
  files: Record<string, string | Uint8Array>,
): Promise<Buffer> {
  const stage = await mkdtemp(join(tmpdir(), "quarry-plugin-pack-"));
  try {
    const names = Object.keys(files).sort();
    for (const name of names) {
      const path = join(stage, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, files[name]!);
      await chmod(path, 0o644);
    }
    const out = join(stage, "..", `${stage.split("/").pop()}.tgz`);
    await create(
      { gzip: { level: 9 }, file: out, cwd: stage, portable: true, mtime: new Date(0) },
      names,
    );
    try {
      return await readFile(out);
    } finally {
      await rm(out, { force: true });
    }
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/**
 * The bundle in ASCII. esbuild escapes any other character in code (its default charset) but not
 * in the comments it keeps; one such character and V8 holds the whole plugin's source at two bytes
 * a character, about 5 MB more for as long as the process runs (docs/decisions.md, "The driver
 * plugin's start"). Each UTF-16 unit becomes `\uXXXX`: the same text in a comment, the same value
 * in a string, a template or a regular expression.
 */
export function asciiOnly(code: string): string {
  return code.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

async function buildOne(
  source: (typeof PLUGINS)[number],
): Promise<{ manifest: PluginManifest; archive: Buffer }> {
  const entry = join(root, source.entry);
  // The driver says what it is: its type and display name come from the code, nowhere else.
  const mod = (await import(pathToFileURL(entry).href)) as PluginModule;
  const driver = await mod.activate({ apiVersion: PLUGIN_API_VERSION, appVersion });
  const manifest: PluginManifest = {
    id: driver.type,
    name: `${driver.displayName} Driver`,
    version: appVersion,
    apiVersion: PLUGIN_API_VERSION,
    main: "index.js",
    driver: { type: driver.type, displayName: driver.displayName },
    description: source.description,
  };
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    write: false,
    metafile: true,
    legalComments: "none",
    banner: { js: BANNER },
    footer: { js: `//# sourceURL=quarry-plugin://${manifest.id}@${manifest.version}/index.js` },
    logLevel: "warning",
    // ssh2's optional native speed-ups: absent from the archive, its pure JavaScript is used.
    external: ["cpu-features", "*.node"],
  });
  const code = asciiOnly(result.outputFiles[0]!.text);
  const archive = await packPluginArchive({
    [MANIFEST_FILE]: `${JSON.stringify(manifest, null, 2)}\n`,
    "index.js": code,
    "THIRD-PARTY-LICENSES.txt": thirdPartyLicenses(root, Object.keys(result.metafile.inputs)),
  });
  return { manifest, archive };
}

/**
 * Builds every plugin into `outDir` (default dist/plugins) with a catalog whose archive URLs are
 * relative to it, so the folder works the same from disk, from a test's HTTP server or a mirror.
 */
export async function buildPlugins(
  options: { outDir?: string; force?: boolean } = {},
): Promise<BuiltPlugins> {
  const dir = resolve(options.outDir ?? SHIPPED_CATALOG_DIR);
  const catalogPath = join(dir, "catalog.json");
  const stamp = join(dir, STAMP);
  // The console's completion definitions are bundled into the plugin: compiled first.
  ensureConsoleDefinitions();
  const hash = inputsHash();
  if (!options.force && !options.outDir && existsSync(catalogPath) && existsSync(stamp)) {
    if (readFileSync(stamp, "utf8").trim() === hash) {
      const catalog = JSON.parse(readFileSync(catalogPath, "utf8")) as PluginCatalog;
      return { dir, catalogPath, catalog, built: false };
    }
  }
  await mkdir(dir, { recursive: true });
  const entries: CatalogEntry[] = [];
  for (const source of PLUGINS) {
    const { manifest, archive } = await buildOne(source);
    const file = `${manifest.id}-${manifest.version}.tgz`;
    await writeFile(join(dir, file), archive);
    const { main: _main, ...about } = manifest;
    entries.push({
      ...about,
      url: file,
      sha256: createHash("sha256").update(archive).digest("hex"),
      size: archive.length,
    });
  }
  const catalog: PluginCatalog = { catalogVersion: 1, plugins: entries };
  await writeFile(catalogPath, `${JSON.stringify(catalog, null, 2)}\n`);
  await writeFile(stamp, `${hash}\n`);
  return { dir, catalogPath, catalog, built: true };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf("--out");
  const outDir = outAt >= 0 ? args[outAt + 1] : undefined;
  const res = await buildPlugins({
    force: args.includes("--force"),
    ...(outDir ? { outDir } : {}),
  });
  for (const p of res.catalog.plugins) {
    process.stdout.write(`${p.id} ${p.version}  ${p.sha256}  ${p.size} bytes\n`);
  }
  process.stdout.write(`${res.built ? "built" : "up to date"}: ${res.catalogPath}\n`);
}
