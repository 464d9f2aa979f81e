/**
 * Fits a distribution to the trimmed Java 21 runtime from PyPI (java-runtime.ts), which lacks a few
 * JDK modules a full JDK has:
 * - `jdk.incubator.vector`, added by `jvm.options` on Java 20+: the line is commented out in the
 *   node's own copy, and Lucene then uses its scalar code (slower vector search, same results).
 * - `jdk.jlink` and `jdk.jdi`, which the entitlement module of Elasticsearch 9.3+ names in its
 *   module descriptor (for its policy tables) while none of its classes refer to them: the copy of
 *   that jar in the unpacked distribution gets a descriptor without those two `requires`.
 * The downloaded zip stays untouched; only the unpacked copy changes, once.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runtimeModules } from "./java-runtime.ts";
import { requiredModules, withoutRequires } from "./module-info.ts";

const VECTOR = "jdk.incubator.vector";

/** Comments out `--add-modules=jdk.incubator.vector` in a jvm.options file when the runtime lacks it. */
export function fitJvmOptions(jvmOptions: string, javaHome: string): void {
  if (runtimeModules(javaHome).has(VECTOR)) return;
  const text = readFileSync(jvmOptions, "utf8");
  const fitted = text.replace(/^(\d+-?\d*:)?--add-modules=jdk\.incubator\.vector$/gm, "#$&");
  if (fitted !== text) writeFileSync(jvmOptions, fitted);
}

const python = (script: string, args: string[]) =>
  execFileSync("python3", ["-c", script, ...args], { stdio: ["ignore", "pipe", "pipe"] });

/** Reads one entry of a jar (a zip) with Python's zipfile: the machine has python3 for pip anyway. */
function readJarEntry(jar: string, entry: string): Buffer {
  return python(
    "import sys,zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))",
    [jar, entry],
  );
}

/** Writes a copy of the jar with one entry replaced, then moves it over the original. */
function replaceJarEntry(jar: string, entry: string, contentFile: string): void {
  const tmp = `${jar}.fit-${process.pid}`;
  python(
    [
      "import sys,zipfile",
      "src,dst,name,content=sys.argv[1:5]",
      "with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst,'w',zipfile.ZIP_DEFLATED) as zout:",
      "  for item in zin.infolist():",
      "    data=open(content,'rb').read() if item.filename==name else zin.read(item.filename)",
      "    zout.writestr(item,data)",
    ].join("\n"),
    [jar, tmp, entry, contentFile],
  );
  renameSync(tmp, jar);
}

/** Drops the `requires` of JDK modules the runtime lacks from Elasticsearch's entitlement jar. */
export function fitEntitlementJar(dist: string, javaHome: string): string[] {
  const lib = join(dist, "lib");
  const jar = readdirSync(lib).find((f) => /^elasticsearch-entitlement-\d.*\.jar$/.test(f));
  if (!jar) return [];
  const path = join(lib, jar);
  const descriptor = readJarEntry(path, "module-info.class");
  const present = runtimeModules(javaHome);
  const missing = requiredModules(descriptor).filter(
    (m) => (m.startsWith("jdk.") || m.startsWith("java.")) && !present.has(m),
  );
  if (missing.length === 0) return [];
  const fitted = `${path}.module-info-${process.pid}`;
  writeFileSync(fitted, withoutRequires(descriptor, new Set(missing)));
  try {
    replaceJarEntry(path, "module-info.class", fitted);
  } finally {
    if (existsSync(fitted)) execFileSync("rm", ["-f", fitted]);
  }
  process.stderr.write(
    `[es] ${jar}: dropped requires of ${missing.join(", ")} (absent from the Java 21 runtime, unused by its classes)\n`,
  );
  return missing;
}
