/**
 * The ES|QL engine for the 8.19 test nodes (docs/testing.md). The integ-test-zip leaves ES|QL out,
 * but Maven Central publishes its plugin jars and their dependencies: this script fetches them with
 * the machine's Maven (each artifact alone, no transitive ones: the server already has most of
 * them, and a second copy is "jar hell"), and lays them out as a full distribution has them, in
 * `modules/x-pack-esql-core`, `modules/x-pack-esql` and `modules/mapper-version` (the `version`
 * field type, which ES|QL reads and the integ-test-zip also lacks), each with the descriptor its
 * own jar carries. No 9.x jars are published, so 9.x nodes stay without ES|QL.
 *
 * Like the other additions it goes into the shared distribution before a node of that version
 * starts, so every 8.19 node (es8 and es8-secure) carries it; a running node loads it at its next
 * start.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileJava, createJar, distLibJars } from "./ecj.ts";
import { fetchMavenJars } from "./maven-jars.ts";
import { cacheDir } from "./paths.ts";

/** The one version whose ES|QL jars are on Maven Central and whose integ-test-zip the suite runs. */
const ESQL_VERSIONS = new Set(["8.19.21"]);
const STUB_DIR = fileURLToPath(new URL("../../test/es-plugins/esql-ml-license/", import.meta.url));

type Module = "x-pack-esql-core" | "x-pack-esql" | "mapper-version";

/** groupId:artifactId:version (`V` is the Elasticsearch version) and the module folder it goes in. */
const ARTIFACTS: readonly [string, Module][] = [
  ["org.elasticsearch.plugin:x-pack-esql-core:V", "x-pack-esql-core"],
  ["org.antlr:antlr4-runtime:4.13.1", "x-pack-esql-core"],
  // ES|QL reads version fields with these classes, and the `version` field type is its own module.
  ["org.elasticsearch.plugin:x-pack-mapper-version:V", "x-pack-esql-core"],
  ["org.elasticsearch.plugin:x-pack-mapper-version:V", "mapper-version"],
  ["org.elasticsearch.plugin:x-pack-esql:V", "x-pack-esql"],
  ["org.elasticsearch.plugin:x-pack-esql-compute:V", "x-pack-esql"],
  ["org.elasticsearch.plugin:x-pack-esql-compute-ann:V", "x-pack-esql"],
  ["org.elasticsearch.plugin:x-pack-kql:V", "x-pack-esql"],
  ["org.elasticsearch.plugin:arrow:V", "x-pack-esql"],
  ["org.elasticsearch:elasticsearch-dissect:V", "x-pack-esql"],
  ["org.apache.lucene:lucene-spatial3d:9.12.2", "x-pack-esql"],
  ["org.apache.arrow:arrow-vector:18.3.0", "x-pack-esql"],
  ["org.apache.arrow:arrow-format:18.3.0", "x-pack-esql"],
  ["org.apache.arrow:arrow-memory-core:18.3.0", "x-pack-esql"],
  ["org.checkerframework:checker-qual:3.42.0", "x-pack-esql"],
  ["com.google.flatbuffers:flatbuffers-java:23.5.26", "x-pack-esql"],
  ["com.fasterxml.jackson.core:jackson-annotations:2.18.9", "x-pack-esql"],
  ["com.fasterxml.jackson.core:jackson-core:2.18.9", "x-pack-esql"],
  ["com.fasterxml.jackson.core:jackson-databind:2.18.9", "x-pack-esql"],
  ["org.slf4j:slf4j-nop:2.0.17", "x-pack-esql"],
];

/**
 * Each module folder: the jar whose descriptor it takes, and the plugin it extends. The jars also
 * name lang-painless (and `x-pack-esql` x-pack-ml), absent here: no class of theirs that the node
 * loads refers to them.
 */
const MODULES: Record<Module, { jar: string; extends: string }> = {
  "mapper-version": { jar: "x-pack-mapper-version", extends: "x-pack-core" },
  "x-pack-esql-core": { jar: "x-pack-esql-core", extends: "x-pack-core" },
  "x-pack-esql": { jar: "x-pack-esql", extends: "x-pack-esql-core" },
};

const log = (msg: string) => process.stderr.write(`[es] ${msg}\n`);

function coordinates(version: string): [string, string, string, Module][] {
  return ARTIFACTS.map(([gav, module]) => {
    const [g, a, v] = gav.split(":") as [string, string, string];
    return [g, a, v === "V" ? version : v, module];
  });
}

/** Every jar, fetched once into the cache with one Maven run; a second run finds them there. */
function fetchJars(version: string): string {
  const dir = join(cacheDir(), `esql-${version}`);
  const jars = join(dir, "jars");
  const all = coordinates(version);
  if (all.every(([, a, v]) => existsSync(join(jars, `${a}-${v}.jar`)))) return jars;
  log(`downloading the ES|QL ${version} jars from Maven Central`);
  // Each dependency excludes all of its own: the same as `dependency:get -Dtransitive=false` per
  // artifact, in one Maven start instead of nineteen.
  const unique = [...new Map(all.map((c) => [`${c[0]}:${c[1]}`, c])).values()];
  const deps = unique
    .map(
      ([g, a, v]) =>
        `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version><exclusions><exclusion><groupId>*</groupId><artifactId>*</artifactId></exclusion></exclusions></dependency>`,
    )
    .join("\n");
  return fetchMavenJars(dir, "esql-modules-fetch", deps);
}

/** The descriptor each ES|QL jar carries, with `extended.plugins` cut to what the node has. */
function descriptor(jar: string, module: Module): string {
  const text = execFileSync(
    "unzip",
    ["-p", jar, `META-INF/es-plugins/${module}/plugin-descriptor.properties`],
    { stdio: ["ignore", "pipe", "pipe"] },
  ).toString();
  if (!text.includes("classname=")) throw new Error(`${jar} carries no plugin descriptor`);
  return text.replace(/^extended\.plugins=.*$/m, `extended.plugins=${MODULES[module].extends}`);
}

/**
 * A jar with just the two licence constants of `org.elasticsearch.xpack.ml.MachineLearning` that
 * CATEGORIZE and CHANGE_POINT read, so they answer the basic-licence refusal instead of the node
 * exiting. Compiled with ECJ on the machine's Java 17 against the distribution's x-pack-core.
 */
function buildLicenceStub(dist: string, version: string, out: string): void {
  const work = join(dirname(out), `.stub-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, "classes"), { recursive: true });
  const classPath = [
    join(dist, "modules", "x-pack-core", `x-pack-core-${version}.jar`),
    ...distLibJars(dist),
  ];
  const sources = readdirSync(STUB_DIR)
    .filter((f) => f.endsWith(".java"))
    .map((f) => join(STUB_DIR, f));
  compileJava(sources, classPath, join(work, "classes"));
  createJar(out, join(work, "classes"));
  rmSync(work, { recursive: true, force: true });
}

/** Identifies what is installed: the version, the artifact list and the licence stub's source. */
function buildHash(version: string): string {
  const hash = createHash("sha256").update(version).update(JSON.stringify(ARTIFACTS));
  for (const f of readdirSync(STUB_DIR).sort())
    hash.update(f).update(readFileSync(join(STUB_DIR, f)));
  return hash.digest("hex").slice(0, 12);
}

function installed(dist: string, hash: string): boolean {
  const marker = join(dist, "modules", "x-pack-esql", ".quarry-build");
  return existsSync(marker) && readFileSync(marker, "utf8").trim() === hash;
}

/** Lays out both module folders in the distribution (each written beside, then renamed into place). */
function install(dist: string, version: string, hash: string): void {
  const jars = fetchJars(version);
  log(`adding the ES|QL modules to the ${version} distribution`);
  // A jar the server already has in lib/ (grok, joni, hppc, …) must not be there twice.
  const inLib = new Set(readdirSync(join(dist, "lib")));
  for (const module of Object.keys(MODULES) as Module[]) {
    const tmp = join(dist, "modules", `.${module}-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    for (const [, a, v, m] of coordinates(version)) {
      const jar = `${a}-${v}.jar`;
      if (m === module && !inLib.has(jar)) copyFileSync(join(jars, jar), join(tmp, jar));
    }
    writeFileSync(
      join(tmp, "plugin-descriptor.properties"),
      descriptor(join(jars, `${MODULES[module].jar}-${version}.jar`), module),
    );
    if (module === "x-pack-esql") {
      buildLicenceStub(dist, version, join(tmp, "ml-licence-constants.jar"));
      writeFileSync(join(tmp, ".quarry-build"), `${hash}\n`);
    }
    const target = join(dist, "modules", module);
    rmSync(target, { recursive: true, force: true });
    renameSync(tmp, target);
  }
}

/**
 * Installs the ES|QL modules into an 8.19 distribution unless this very build is there. A failure
 * (no Maven, no network) is reported and the node starts without ES|QL: only the real-engine tests
 * need it, and they fail with the reason rather than every test failing because no node started.
 */
export function ensureEsqlModules(dist: string, version: string): void {
  if (!ESQL_VERSIONS.has(version)) return;
  const hash = buildHash(version);
  if (installed(dist, hash)) return;
  try {
    install(dist, version, hash);
  } catch (e) {
    log(
      `could not add the ES|QL modules to ${version} (${(e as Error).message.split("\n")[0]}); POST /_query will be missing on that node`,
    );
  }
}
