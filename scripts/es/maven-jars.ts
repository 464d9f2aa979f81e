/**
 * Jars from Maven Central into a cache folder, with one Maven run: a throwaway pom naming the
 * dependencies, `dependency:copy-dependencies` into a temporary folder, renamed into place once
 * complete (a run cut short leaves no half folder behind). Used for the modules the integ-test
 * zips lack (reindex-plugin.ts, esql-modules.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Fetches `dependencies` (the pom's `<dependency>` elements) into `<dir>/jars`; returns that folder. */
export function fetchMavenJars(dir: string, artifactId: string, dependencies: string): string {
  const jars = join(dir, "jars");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "pom.xml"),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>quarry.test</groupId><artifactId>${artifactId}</artifactId><version>1</version>
<dependencies>
${dependencies}
</dependencies>
</project>
`,
  );
  const tmp = join(dir, `.jars-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  execFileSync(
    "mvn",
    [
      "-B",
      "-q",
      "dependency:copy-dependencies",
      "-DincludeScope=runtime",
      `-DoutputDirectory=${tmp}`,
    ],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
  );
  rmSync(jars, { recursive: true, force: true });
  renameSync(tmp, jars);
  return jars;
}
