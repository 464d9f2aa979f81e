/** Where the app data folder is, per platform (docs/storage.md). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { appDataDir } from "../../src/app/storage/paths.ts";

describe("appDataDir", () => {
  const home = "/home/ada";

  it("macOS: ~/Library/Application Support/Quarry", () => {
    assert.equal(
      appDataDir({ HOME: "/Users/ada" }, "darwin"),
      "/Users/ada/Library/Application Support/Quarry",
    );
  });

  it("macOS ignores XDG_DATA_HOME", () => {
    assert.equal(
      appDataDir({ HOME: "/Users/ada", XDG_DATA_HOME: "/data" }, "darwin"),
      "/Users/ada/Library/Application Support/Quarry",
    );
  });

  it("Linux: ~/.local/share/quarry by default", () => {
    assert.equal(appDataDir({ HOME: home }, "linux"), "/home/ada/.local/share/quarry");
  });

  it("Linux: $XDG_DATA_HOME/quarry when set", () => {
    assert.equal(
      appDataDir({ HOME: home, XDG_DATA_HOME: "/xdg/data" }, "linux"),
      "/xdg/data/quarry",
    );
  });

  it("Linux: an empty or relative XDG_DATA_HOME is ignored (XDG spec)", () => {
    assert.equal(
      appDataDir({ HOME: home, XDG_DATA_HOME: "" }, "linux"),
      "/home/ada/.local/share/quarry",
    );
    assert.equal(
      appDataDir({ HOME: home, XDG_DATA_HOME: "relative/data" }, "linux"),
      "/home/ada/.local/share/quarry",
    );
  });

  it("QUARRY_HOME overrides it on every platform", () => {
    for (const platform of ["darwin", "linux", "win32", "freebsd"] as const) {
      assert.equal(
        appDataDir({ HOME: home, XDG_DATA_HOME: "/xdg", QUARRY_HOME: "/portable/q" }, platform),
        "/portable/q",
      );
    }
  });

  it("a relative QUARRY_HOME is made absolute, so every process agrees on it", () => {
    const dir = appDataDir({ QUARRY_HOME: "rel/q" }, "linux");
    assert.ok(dir.startsWith("/"));
    assert.ok(dir.endsWith("/rel/q"));
  });

  it("a blank QUARRY_HOME is no override", () => {
    assert.equal(
      appDataDir({ HOME: home, QUARRY_HOME: "  " }, "linux"),
      "/home/ada/.local/share/quarry",
    );
  });
});
