/**
 * The reindex module for the 7.17 test node (docs/testing.md). The integ-test-zip leaves it out,
 * so `_delete_by_query`, `_update_by_query` and `_reindex` do not exist there. Maven Central
 * publishes the module's own classes as `org.elasticsearch.plugin:reindex-client:<version>` (a
 * by-product of the module's build, with its real dependencies in its POM); this script fetches
 * that jar and its dependencies with the machine's Maven, adds the module's descriptor and
 * security policy, and puts them in the distribution's `modules/reindex`, as a full distribution
 * has it. `elasticsearch-plugin install` cannot do it: it refuses "reindex" as a system module.
 *
 * 8.x publishes no such jar (the transport client is gone), so 8.x nodes stay without it.
 */
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { cacheDir } from "./paths.ts";

const MODULE = "reindex";

/** Only 7.x distributions without the module get it (the jar exists for 7.x only). */
function needsModule(dist: string, version: string): boolean {
  return (
    Number(version.split(".")[0]) === 7 &&
    !existsSync(join(dist, "modules", MODULE, "plugin-descriptor.properties"))
  );
}

/** The module jar and its runtime dependencies, fetched once into the cache by Maven. */
function fetchJars(version: string): string {
  const dir = join(cacheDir(), `reindex-client-${version}`);
  const jars = join(dir, "jars");
  if (existsSync(join(jars, `reindex-client-${version}.jar`))) return jars;
  process.stderr.write(`[es] downloading reindex-client ${version} from Maven Central\n`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "pom.xml"),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>quarry.test</groupId><artifactId>reindex-module-fetch</artifactId><version>1</version>
<dependencies><dependency><groupId>org.elasticsearch.plugin</groupId><artifactId>reindex-client</artifactId><version>${version}</version></dependency></dependencies>
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

/**
 * Installs the module into the distribution unless it is there already. A failure (no Maven, no
 * network) is reported and the node starts without it: only the 7.x bulk-delete tests need it, and
 * they fail with the reason rather than every test failing because no node started.
 */
export function ensureReindexModule(dist: string, version: string): void {
  if (!needsModule(dist, version)) return;
  try {
    install(dist, version);
  } catch (e) {
    process.stderr.write(
      `[es] could not add the ${MODULE} module to ${version} (${(e as Error).message.split("\n")[0]}); _delete_by_query will be missing on that node\n`,
    );
  }
}

function install(dist: string, version: string): void {
  const jars = fetchJars(version);
  process.stderr.write(`[es] adding the ${MODULE} module to the ${version} distribution\n`);
  // Jars the server already has (elasticsearch-core) would be "jar hell" inside the module.
  const inLib = new Set(readdirSync(join(dist, "lib")));
  const target = join(dist, "modules", MODULE);
  const tmp = join(dist, "modules", `.${MODULE}-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  for (const jar of readdirSync(jars)) {
    if (jar.endsWith(".jar") && !inLib.has(jar)) copyFileSync(join(jars, jar), join(tmp, jar));
  }
  writeFileSync(
    join(tmp, "plugin-descriptor.properties"),
    [
      "description=The Reindex module adds APIs to reindex from one index to another or update documents in place.",
      `version=${version}`,
      `name=${MODULE}`,
      "classname=org.elasticsearch.reindex.ReindexPlugin",
      "java.version=1.8",
      `elasticsearch.version=${version}`,
      "extended.plugins=",
      "has.native.controller=false",
      "",
    ].join("\n"),
  );
  // The module's own policy: reindex-from-remote opens connections.
  writeFileSync(
    join(tmp, "plugin-security.policy"),
    'grant {\n  permission java.net.SocketPermission "*", "connect";\n};\n',
  );
  rmSync(target, { recursive: true, force: true });
  renameSync(tmp, target);
}
