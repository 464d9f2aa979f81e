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
import { fetchMavenJars } from "./maven-jars.ts";
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
  return fetchMavenJars(
    dir,
    "reindex-module-fetch",
    `<dependency><groupId>org.elasticsearch.plugin</groupId><artifactId>reindex-client</artifactId><version>${version}</version></dependency>`,
  );
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
