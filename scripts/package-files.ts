/**
 * What the npm package holds, and the two checks npm runs around packing it (docs/release.md):
 *
 *   node scripts/package-files.ts listing   `postpack`: the packed files are exactly the expected
 *                                           set (after `prepack` built them), else `npm publish`
 *                                           stops before it sends anything and `npm pack` fails
 *                                           (npm has written its tarball by then)
 *   node scripts/package-files.ts publish   `prepublishOnly`: the package is not private, the git
 *                                           tree is clean, and the version's tag, if there is one,
 *                                           is on this commit (so a released version is not
 *                                           published again from other code)
 *
 * Both print to standard error only: `npm pack --json` answers on standard output.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

export interface PackedFile {
  path: string;
  size: number;
}

export interface PackedListing {
  files: PackedFile[];
  /** The tarball's size in bytes. */
  size: number;
  unpackedSize: number;
}

/** One kind of file in the package: its path (a pattern where bundles name files by hash). */
interface Expected {
  name: string;
  pattern: RegExp;
  /** Several files may match (the bundles' chunks); else exactly one must. */
  several?: true;
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const exactly = (path: string): Expected => ({
  name: path,
  pattern: new RegExp(`^${escaped(path)}$`),
});

/**
 * Every file a user's install needs, and nothing else: the launchers, the application (its source
 * maps name src/ lines in a stack trace: docs/decisions.md, "Quarry as an installed package"), the
 * web UI, the one driver plugin archive of this version and its catalog, the licences and README.
 * Hashed bundle names (esbuild's chunks, Vite's assets) are patterns.
 */
export function expectedFiles(version: string): Expected[] {
  return [
    ...["package.json", "README.md", "LICENSE"].map(exactly),
    ...["bin/quarry", "bin/quarry-mcp", "bin/node-runtime.sh"].map(exactly),
    ...["quarry.js", "quarry-mcp.js", "THIRD-PARTY-LICENSES.txt"].map((f) =>
      exactly(`dist/app/${f}`),
    ),
    ...["quarry.js.map", "quarry-mcp.js.map"].map((f) => exactly(`dist/app/${f}`)),
    {
      name: "dist/app/chunk-<hash>.js(.map)",
      pattern: /^dist\/app\/chunk-[A-Z0-9]+\.js(\.map)?$/,
      several: true,
    },
    exactly("dist/web/index.html"),
    exactly("dist/web/THIRD-PARTY-LICENSES.txt"),
    {
      name: "dist/web/assets/<name>-<hash>.(js|css)",
      pattern: /^dist\/web\/assets\/[\w-]+\.(js|css)$/,
      several: true,
    },
    exactly("dist/plugins/catalog.json"),
    exactly(`dist/plugins/elasticsearch-${version}.tgz`),
  ];
}

/** What is wrong with a packed listing: files not expected, expected ones missing or repeated. */
export function listingProblems(paths: string[], version: string): string[] {
  const expected = expectedFiles(version);
  const problems: string[] = [];
  for (const path of paths) {
    if (!expected.some((e) => e.pattern.test(path))) problems.push(`not expected: ${path}`);
  }
  for (const e of expected) {
    const matches = paths.filter((p) => e.pattern.test(p));
    if (matches.length === 0) problems.push(`missing: ${e.name}`);
    if (matches.length > 1 && !e.several) problems.push(`more than one: ${matches.join(", ")}`);
  }
  return problems;
}

/**
 * What `npm pack` of `dir` would put in the package, as it is on disk now (`--ignore-scripts`: no
 * build first, which is why `postpack` can ask it).
 */
export function packedListing(dir = root, env = process.env): PackedListing {
  const out = execFileSync(
    "npm",
    ["pack", "--dry-run", "--json", "--ignore-scripts", "--loglevel=error"],
    { cwd: dir, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const [packed] = JSON.parse(out) as PackedListing[];
  if (!packed) throw new Error("npm pack --dry-run reported no package");
  return packed;
}

function packageJson(dir: string): { version: string; private?: boolean } {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    version: string;
    private?: boolean;
  };
}

/** Why `npm publish` of the checkout at `dir` must not go on; none when it may. */
export function publishProblems(dir = root): string[] {
  const pkg = packageJson(dir);
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const problems: string[] = [];
  if (pkg.private) problems.push('package.json says "private": true');
  let head: string;
  try {
    head = git("rev-parse", "HEAD").trim();
  } catch {
    return [...problems, `${dir} is not a git checkout: publish from the project's own clone`];
  }
  const dirty = git("status", "--porcelain")
    .split("\n")
    .filter((line) => line.trim());
  if (dirty.length) {
    problems.push(
      `the tree has changes not committed (the build would not be the commit's):\n${dirty.map((l) => `    ${l}`).join("\n")}`,
    );
  }
  const tag = `v${pkg.version}`;
  let tagged = "";
  try {
    tagged = git("rev-parse", "--verify", "--quiet", `refs/tags/${tag}^{commit}`).trim();
  } catch {
    // No such tag: this version has not been released yet.
  }
  if (tagged && tagged !== head) {
    problems.push(`${tag} is already released from ${tagged.slice(0, 12)}: bump the version`);
  }
  return problems;
}

if (import.meta.main) {
  const [command] = process.argv.slice(2);
  const say = (s: string) => process.stderr.write(`${s}\n`);
  if (command === "listing") {
    const { version } = packageJson(root);
    const listing = packedListing(root);
    const problems = listingProblems(
      listing.files.map((f) => f.path),
      version,
    );
    if (problems.length) {
      say("The package's files are not the expected set (scripts/package-files.ts):");
      for (const p of problems) say(`  ${p}`);
      process.exit(1);
    }
    say(
      `package files: ${listing.files.length} as expected, ${(listing.size / 1e6).toFixed(1)} MB packed`,
    );
  } else if (command === "publish") {
    const problems = publishProblems(root);
    if (problems.length) {
      say("Not publishing (docs/release.md):");
      for (const p of problems) say(`  ${p}`);
      process.exit(1);
    }
  } else {
    say("usage: node scripts/package-files.ts listing|publish");
    process.exit(2);
  }
}
