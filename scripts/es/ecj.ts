/**
 * The Eclipse Compiler for Java (ECJ), which builds the test plugins (analysis-plugin.ts). The
 * machine's javac 17 cannot read the Java 21 class files of Elasticsearch 9.x, and the Java 21
 * runtime from PyPI (java-runtime.ts) has no compiler. ECJ runs on Java 17 and reads class files up
 * to Java 24, so one compiler serves 8.x and 9.x. It comes from Maven Central
 * (`org.eclipse.jdt:ecj`), fetched with the machine's Maven into the download cache once, by exact
 * version, and its SHA-256 is checked before first use.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { machineJavaHome } from "./java-runtime.ts";
import { cacheDir } from "./paths.ts";

/** 3.43.0 (Eclipse 2025-09): compiles Java 21 sources and reads Java 21 class files; needs Java 17. */
const ECJ = {
  version: "3.43.0",
  sha256: "c786468c65e906498e7e36ece4e0d04c6d3dd34c9a61b34a3a5b512801911a82",
};

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/** The ECJ jar in the download cache, fetched with Maven on first use. */
export function ecjJar(): string {
  const dir = join(cacheDir(), `ecj-${ECJ.version}`);
  const jar = join(dir, `ecj-${ECJ.version}.jar`);
  if (existsSync(jar)) return jar;
  process.stderr.write(`[es] downloading the Eclipse compiler (ecj ${ECJ.version}) with Maven\n`);
  const tmp = join(dir, `.fetch-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    // Run in an empty folder: `dependency:copy` needs no project, and must not pick one up.
    execFileSync(
      "mvn",
      [
        "-B",
        "-q",
        "dependency:copy",
        `-Dartifact=org.eclipse.jdt:ecj:${ECJ.version}`,
        `-DoutputDirectory=${tmp}`,
      ],
      { cwd: tmp, stdio: ["ignore", "pipe", "pipe"] },
    );
    const fetched = join(tmp, `ecj-${ECJ.version}.jar`);
    if (!existsSync(fetched)) throw new Error(`Maven did not produce ecj-${ECJ.version}.jar`);
    const actual = sha256(fetched);
    if (actual !== ECJ.sha256) {
      throw new Error(
        `ecj-${ECJ.version}.jar from Maven has SHA-256 ${actual}, expected ${ECJ.sha256}`,
      );
    }
    renameSync(fetched, jar);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return jar;
}

/** The distribution's `lib/` jars, listed: ECJ does not expand a `lib/*` wildcard as javac does. */
export function distLibJars(dist: string): string[] {
  return readdirSync(join(dist, "lib"))
    .filter((f) => f.endsWith(".jar"))
    .map((f) => join(dist, "lib", f));
}

/** Compiles Java sources for Java 17 with ECJ on the machine's Java, against `classPath`. */
export function compileJava(sources: string[], classPath: string[], out: string): void {
  const java = join(machineJavaHome(), "bin", "java");
  const args = ["-jar", ecjJar(), "--release", "17", "-proc:none", "-encoding", "UTF-8"];
  args.push("-nowarn", "-cp", classPath.join(":"), "-d", out, ...sources);
  execFileSync(java, args, { stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * `jar --create` with the machine's JDK: the folder `dir`'s files into `out`. Without a manifest
 * it is a plain zip, so the machine needs no `zip` program.
 */
export function createJar(out: string, dir: string, options: { manifest?: false } = {}): void {
  const jar = join(machineJavaHome(), "bin", "jar");
  const noManifest = options.manifest === false ? ["--no-manifest"] : [];
  execFileSync(jar, ["--create", ...noManifest, "--file", out, "-C", dir, "."], {
    stdio: ["ignore", "pipe", "pipe"],
  });
}
