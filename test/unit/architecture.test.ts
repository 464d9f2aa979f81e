/**
 * The architecture rule (docs/architecture.md): the Elasticsearch driver is a plugin, loaded from
 * its verified archive, so nothing outside src/drivers may import it. This reads every import
 * specifier (static, re-export, dynamic) of the folders below and fails naming each file that
 * reaches into src/drivers.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DRIVERS = join(ROOT, "src", "drivers");

/** Every folder of src but the drivers themselves. */
const FOLDERS_WITHOUT_DRIVER_IMPORTS = ["src/app", "src/bridge", "src/cli", "src/core", "src/mcp"];

/** `from "x"`, `import "x"` and `import("x")`, across line breaks; comments are stripped first. */
const SPECIFIER = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(m|c)?tsx?$|\.(m|c)?js$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

export function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2]) as string);
}

function reachesDrivers(file: string, specifier: string): boolean {
  if (!specifier.startsWith(".") && !specifier.startsWith("/")) return false; // a package
  const target = resolve(dirname(file), specifier);
  return target === DRIVERS || target.startsWith(DRIVERS + sep);
}

test("the specifier reader sees every kind of import", () => {
  const found = importSpecifiers(
    [
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      "import {\n  c,\n  d,\n} from '../../c.ts';",
      'export * from "./e.ts";',
      'import "./side-effect.ts";',
      'const f = await import("./f.ts");',
      '// import { g } from "./commented.ts";',
      '/* import { h } from "./block.ts"; */',
    ].join("\n"),
  );
  assert.deepEqual(found, [
    "./a.ts",
    "../b.ts",
    "../../c.ts",
    "./e.ts",
    "./side-effect.ts",
    "./f.ts",
  ]);
});

for (const folder of FOLDERS_WITHOUT_DRIVER_IMPORTS) {
  test(`${folder} imports nothing from src/drivers`, () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, folder))) {
      for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
        if (reachesDrivers(file, specifier))
          offenders.push(`${relative(ROOT, file)} imports ${specifier}`);
      }
    }
    assert.deepEqual(
      offenders,
      [],
      "the driver is a plugin: go through DriverSession or PluginDriver",
    );
  });
}

test("the plugin service answers in its own types: src/app/plugins imports nothing from src/app/http", () => {
  const http = join(ROOT, "src", "app", "http");
  const offenders: string[] = [];
  for (const file of sourceFiles(join(ROOT, "src", "app", "plugins"))) {
    for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      if (target === http || target.startsWith(http + sep))
        offenders.push(`${relative(ROOT, file)} imports ${specifier}`);
    }
  }
  assert.deepEqual(
    offenders,
    [],
    "the UI's API adapts the service's types (http/api/plugin-views.ts)",
  );
});
