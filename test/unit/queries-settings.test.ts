/**
 * The shared queries folder's setting (src/app/queries/queries-settings.ts): one schema, a folder
 * that exists and is a folder, written whole; QUARRY_QUERIES wins; a file that does not match is
 * reported by the library, whose data folder's queries still load.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { QueryLibrary } from "../../src/app/queries/library.ts";
import {
  projectFolder,
  QUERIES_SETTINGS_FILE,
  setProjectFolder,
} from "../../src/app/queries/queries-settings.ts";
import { parseQueryFile } from "../../src/app/queries/query-file.ts";

describe("the shared queries folder setting", () => {
  const dirs: string[] = [];
  after(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const fresh = async () => {
    const d = await mkdtemp(join(tmpdir(), "qt-queries-settings-"));
    dirs.push(d);
    return d;
  };
  const noEnv = {};

  it("sets a folder that exists (made absolute), 0600, and clears it", async () => {
    const root = await fresh();
    const data = join(root, "data");
    await mkdir(join(root, "team"));
    await setProjectFolder(data, "team", root);
    const file = join(data, QUERIES_SETTINGS_FILE);
    assert.deepEqual(JSON.parse(await readFile(file, "utf8")), {
      projectFolder: join(root, "team"),
    });
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.deepEqual(await projectFolder(data, noEnv), {
      folder: join(root, "team"),
      from: "setting",
      setting: join(root, "team"),
    });
    await setProjectFolder(data, null);
    assert.deepEqual(JSON.parse(await readFile(file, "utf8")), {});
    assert.equal((await projectFolder(data, noEnv)).from, "none");
  });

  it("refuses a folder that is missing, a file, or empty, naming it; nothing is written", async () => {
    const root = await fresh();
    const data = join(root, "data");
    await writeFile(join(root, "a-file"), "x");
    await assert.rejects(
      setProjectFolder(data, join(root, "nope")),
      (e: Error & { code?: string; remedy?: string }) =>
        e.code === "invalid_input" &&
        e.message ===
          `The folder ${join(root, "nope")} does not exist; the shared queries folder was not changed` &&
        /Create the folder/.test(e.remedy ?? ""),
    );
    await assert.rejects(
      setProjectFolder(data, join(root, "a-file")),
      /a-file is a file, not a folder; the shared queries folder was not changed/,
    );
    await assert.rejects(setProjectFolder(data, "  "), /No folder was given/);
    await assert.rejects(stat(join(data, QUERIES_SETTINGS_FILE)), { code: "ENOENT" });
  });

  it("QUARRY_QUERIES wins over the setting, which is still shown", async () => {
    const root = await fresh();
    await mkdir(join(root, "team"));
    await setProjectFolder(root, join(root, "team"));
    assert.deepEqual(await projectFolder(root, { QUARRY_QUERIES: join(root, "env") }), {
      folder: join(root, "env"),
      from: "env",
      setting: join(root, "team"),
    });
  });

  it("a hand-edited file that does not match is reported, and the data folder still loads", async () => {
    const root = await fresh();
    const lib0 = await QueryLibrary.open(noEnv, root);
    await lib0.save(parseQueryFile("mine", "mine", "esql", "FROM orders | LIMIT 1"));
    await writeFile(join(root, QUERIES_SETTINGS_FILE), '{"projectFolder": "relative/path"}');
    const lib = await QueryLibrary.open(noEnv, root);
    assert.equal(lib.projectDir, undefined);
    const { queries, problems } = await lib.list();
    assert.deepEqual(
      queries.map((q) => q.name),
      ["mine"],
    );
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.path, join(root, QUERIES_SETTINGS_FILE));
    assert.match(problems[0]?.message ?? "", /projectFolder must be an absolute path/);
  });
});
