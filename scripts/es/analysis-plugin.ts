/**
 * The security-analysis test plugin (docs/testing.md). The .security index of 8.x and 9.x needs
 * analysis components from the analysis-common module, which the integ-test-zip lacks, so security
 * APIs that write to it (API keys, users, roles) fail. The plugin in test/es-plugins/security-analysis
 * registers them; here it is compiled with the Eclipse compiler (ecj.ts) on the machine's Java 17
 * against the distribution's own jars, zipped into the run folder and installed with the
 * distribution's `elasticsearch-plugin` on the Java runtime that version runs on.
 *
 * Elasticsearch has no per-node plugins folder, so it goes into the shared distribution, before
 * the first node of that version starts. That is harmless for the unsecured node: it only adds
 * analysis components that a full distribution has anyway (a running node loads it at its next
 * start).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileJava, createJar, distLibJars } from "./ecj.ts";
import { runDir } from "./paths.ts";

const NAME = "security-analysis";
const SOURCE_DIR = fileURLToPath(new URL(`../../test/es-plugins/${NAME}/`, import.meta.url));
const DESCRIPTOR = "plugin-descriptor.properties";

/**
 * Distributions that have security but not analysis-common need it: 8.x and 9.x, and 7.17 since a
 * secured 7.17 node (es7-secure) creates the same .security index.
 */
function needsPlugin(dist: string, version: string): boolean {
  return (
    Number(version.split(".")[0]) >= 7 &&
    existsSync(join(dist, "modules", "x-pack-security")) &&
    !existsSync(join(dist, "modules", "analysis-common"))
  );
}

/** Identifies a build: the plugin sources and the Elasticsearch version they are built for. */
function sourceHash(version: string, files: string[]): string {
  const hash = createHash("sha256").update(version);
  for (const f of files) hash.update(`\0${f}\0`).update(readFileSync(join(SOURCE_DIR, f)));
  return hash.digest("hex").slice(0, 12);
}

/**
 * Builds the plugin zip once per source hash; a later run finds it in the run folder. The build runs
 * on the machine's JDK 17 (for `java` and `jar`); the classes target Java 17, which every runtime
 * of 7.17 (here on Java 17), 8.x and 9.x loads.
 */
function buildZip(dist: string, version: string, hash: string): string {
  const dir = join(runDir(), "plugins");
  const zip = join(dir, `${NAME}-${version}-${hash}.zip`);
  if (existsSync(zip)) return zip;
  process.stderr.write(`[es] building the ${NAME} test plugin for ${version}\n`);
  const work = join(dir, `.build-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, "classes"), { recursive: true });
  mkdirSync(join(work, "zip"), { recursive: true });
  const sources = lucene8Sources(work, version);
  compileJava(sources, distLibJars(dist), join(work, "classes"));
  createJar(join(work, "zip", `${NAME}.jar`), join(work, "classes"));
  const values: Record<string, string> = { elasticsearchVersion: version, sourceHash: hash };
  const descriptor = readFileSync(join(SOURCE_DIR, DESCRIPTOR), "utf8").replace(
    /\$\{(\w+)\}/g,
    (_, key: string) => {
      const value = values[key];
      if (value === undefined) throw new Error(`unknown placeholder ${key} in ${DESCRIPTOR}`);
      return value;
    },
  );
  writeFileSync(join(work, "zip", DESCRIPTOR), descriptor);
  createJar(join(work, "plugin.zip"), join(work, "zip"), { manifest: false });
  renameSync(join(work, "plugin.zip"), zip);
  rmSync(work, { recursive: true, force: true });
  return zip;
}

/**
 * The sources to compile: as they are for 8.x and 9.x (Lucene 9 and 10); for 7.x (Lucene 8) the one
 * class that moved package, `UAX29URLEmailTokenizer`, imported from where Lucene 8 has it.
 */
function lucene8Sources(work: string, version: string): string[] {
  const files = readdirSync(SOURCE_DIR).filter((f) => f.endsWith(".java"));
  if (Number(version.split(".")[0]) >= 8) return files.map((f) => join(SOURCE_DIR, f));
  mkdirSync(join(work, "src"), { recursive: true });
  return files.map((f) => {
    const text = readFileSync(join(SOURCE_DIR, f), "utf8").replaceAll(
      "org.apache.lucene.analysis.email.UAX29URLEmailTokenizer",
      "org.apache.lucene.analysis.standard.UAX29URLEmailTokenizer",
    );
    writeFileSync(join(work, "src", f), text);
    return join(work, "src", f);
  });
}

/** Installs the plugin into the distribution unless this very build is there already. */
export function ensureSecurityAnalysisPlugin(
  dist: string,
  version: string,
  javaHome: string,
): void {
  if (!needsPlugin(dist, version)) return;
  const files = readdirSync(SOURCE_DIR)
    .filter((f) => f.endsWith(".java") || f === DESCRIPTOR)
    .sort();
  const hash = sourceHash(version, files);
  const installed = join(dist, "plugins", NAME, DESCRIPTOR);
  if (existsSync(installed) && readFileSync(installed, "utf8").includes(`(source ${hash})`)) return;
  process.stderr.write(
    `[es] installing the ${NAME} test plugin into the ${version} distribution\n`,
  );
  const zip = buildZip(dist, version, hash);
  const cli = join(dist, "bin", "elasticsearch-plugin");
  const env = { PATH: process.env.PATH, ES_JAVA_HOME: javaHome };
  const plugin = (args: string[]) =>
    execFileSync(cli, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  if (existsSync(join(dist, "plugins", NAME))) plugin(["remove", NAME]);
  plugin(["install", "--batch", `file://${zip}`]);
}
