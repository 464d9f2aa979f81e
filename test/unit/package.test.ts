/**
 * The npm package as the registry would show it and as `npm pack` makes it (docs/release.md):
 * publishable (never `private` again), described, licensed, and holding exactly the files a user
 * needs. The listing is npm's own (`npm pack --dry-run --json`) of a tree laid out as the release
 * build lays out dist/; the install test checks the listing of a real build.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { listingProblems, packedListing, publishProblems } from "../../scripts/package-files.ts";

const root = join(import.meta.dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<
  string,
  unknown
> & { version: string; scripts: Record<string, string> };
const temp = mkdtempSync(join(tmpdir(), "qt-package-"));
after(() => rmSync(temp, { recursive: true, force: true }));

/** What the release build and the checkout put where npm pack looks. */
const BUILT = [
  "bin/quarry",
  "bin/quarry-mcp",
  "bin/node-runtime.sh",
  "dist/app/quarry.js",
  "dist/app/quarry.js.map",
  "dist/app/quarry-mcp.js",
  "dist/app/quarry-mcp.js.map",
  "dist/app/chunk-UHH7UN2F.js",
  "dist/app/chunk-UHH7UN2F.js.map",
  "dist/app/chunk-3NBK72TB.js",
  "dist/app/chunk-3NBK72TB.js.map",
  "dist/app/THIRD-PARTY-LICENSES.txt",
  "dist/web/index.html",
  "dist/web/THIRD-PARTY-LICENSES.txt",
  "dist/web/assets/index-CiOzdgrn.js",
  "dist/web/assets/index-BiQU8Nwg.css",
  "dist/plugins/catalog.json",
  `dist/plugins/elasticsearch-${pkg.version}.tgz`,
];
/** What a checkout also holds and the package must not. */
const NOT_SHIPPED = [
  "src/cli/main.ts",
  "test/unit/package.test.ts",
  "scripts/build.ts",
  "docs/release.md",
  "web/src/main.tsx",
  "dist/plugins/.inputs-sha256",
  `dist/release/quarry-${pkg.version}.tgz`,
  `dist/release/quarry-${pkg.version}-linux-x64.tar.gz`,
  "tsconfig.json",
  "biome.json",
];

function tree(name: string, files: string[]): string {
  const dir = join(temp, name);
  for (const f of ["package.json", "README.md", "LICENSE"]) {
    cpSync(join(root, f), join(dir, f));
  }
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), `${f}\n`);
  }
  return dir;
}

describe("package.json", () => {
  it("is publishable: not private", () => {
    assert.equal(pkg.private, undefined);
  });

  it("says what the registry page shows: name, description, licence, repository, keywords", () => {
    assert.equal(pkg.name, "quarry");
    assert.match(String(pkg.description), /Elasticsearch/);
    assert.equal(pkg.license, "MIT");
    assert.match(readFileSync(join(root, "LICENSE"), "utf8"), /^MIT License\n/);
    assert.deepEqual(pkg.repository, {
      type: "git",
      url: "git+https://github.com/quarry-db/quarry.git",
    });
    assert.equal(pkg.homepage, "https://github.com/quarry-db/quarry#readme");
    assert.deepEqual(pkg.bugs, { url: "https://github.com/quarry-db/quarry/issues" });
    assert.ok(Array.isArray(pkg.keywords) && pkg.keywords.includes("elasticsearch"));
  });

  it("builds before packing, checks the packed files after, and guards publishing", () => {
    assert.equal(pkg.scripts.prepack, "npm run build");
    assert.equal(pkg.scripts.postpack, "node scripts/package-files.ts listing");
    assert.equal(pkg.scripts.prepublishOnly, "node scripts/package-files.ts publish");
  });
});

describe("the packed files (npm pack --dry-run --json)", () => {
  it("are exactly the built files, the README, the LICENSE and package.json", () => {
    const dir = tree("built", [...BUILT, ...NOT_SHIPPED]);
    const paths = packedListing(dir).files.map((f) => f.path);
    assert.deepEqual(listingProblems(paths, pkg.version), []);
    assert.deepEqual(
      paths.toSorted(),
      [...BUILT, "package.json", "README.md", "LICENSE"].toSorted(),
    );
  });

  it("drift is named: a file more, one less, another version's plugin", () => {
    const dir = tree("drifted", [
      ...BUILT.filter((f) => f !== "dist/web/THIRD-PARTY-LICENSES.txt"),
      "dist/web/assets/index-CiOzdgrn.js.map",
      "dist/plugins/elasticsearch-0.0.1.tgz",
    ]);
    const paths = packedListing(dir).files.map((f) => f.path);
    assert.deepEqual(listingProblems(paths, pkg.version), [
      "not expected: dist/plugins/elasticsearch-0.0.1.tgz",
      "not expected: dist/web/assets/index-CiOzdgrn.js.map",
      "missing: dist/web/THIRD-PARTY-LICENSES.txt",
    ]);
  });

  it("a private package, a missing file, and two of one are problems too", () => {
    const paths = BUILT.filter((f) => f !== "dist/app/quarry.js").concat(
      "package.json",
      "README.md",
      "dist/app/quarry.js.map",
    );
    assert.deepEqual(listingProblems(paths, pkg.version), [
      "missing: LICENSE",
      "missing: dist/app/quarry.js",
      "more than one: dist/app/quarry.js.map, dist/app/quarry.js.map",
    ]);
  });
});

describe("the publish guard (prepublishOnly)", () => {
  const git = (dir: string, ...args: string[]) =>
    execFileSync("git", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const checkout = (name: string, manifest: Record<string, unknown>): string => {
    const dir = join(temp, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest)}\n`);
    git(dir, "init", "-q", "-b", "main");
    git(dir, "add", "-A");
    git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one");
    return dir;
  };

  it("lets a clean checkout publish a version not released yet", () => {
    assert.deepEqual(publishProblems(checkout("clean", { version: "1.2.3" })), []);
  });

  it("refuses changes not committed, and a private package", () => {
    const dir = checkout("dirty", { version: "1.2.3", private: true });
    writeFileSync(join(dir, "new.txt"), "x\n");
    const problems = publishProblems(dir);
    assert.equal(problems.length, 2, problems.join("\n"));
    assert.match(problems[0]!, /"private": true/);
    assert.match(problems[1]!, /changes not committed[\s\S]*new\.txt/);
  });

  it("refuses a version whose tag is on another commit, not the tagged commit itself", () => {
    const dir = checkout("tagged", { version: "1.2.3" });
    git(dir, "tag", "v1.2.3");
    assert.deepEqual(publishProblems(dir), []);
    git(
      dir,
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "two",
    );
    const [problem, ...rest] = publishProblems(dir);
    assert.match(problem ?? "", /v1\.2\.3 is already released from [0-9a-f]{12}: bump the version/);
    assert.deepEqual(rest, []);
  });

  it("refuses a folder that is not a git checkout", () => {
    const dir = join(temp, "no-git");
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), '{"version":"1.0.0"}\n');
    assert.match(publishProblems(dir).join("\n"), /not a git checkout/);
  });
});
