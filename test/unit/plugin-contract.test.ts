/** The plugin manifest, the catalog and the driver a plugin hands over: the pure checks in core. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  checkPluginDriver,
  compareVersions,
  PLUGIN_API_VERSION,
  type PluginManifest,
  parseCatalog,
  parseManifest,
} from "../../src/core/plugin.ts";

const manifest: PluginManifest = {
  id: "elasticsearch",
  name: "Elasticsearch Driver",
  version: "1.2.3",
  apiVersion: PLUGIN_API_VERSION,
  main: "index.js",
  driver: { type: "elasticsearch", displayName: "Elasticsearch" },
  description: "d",
};
const { main: _main, ...about } = manifest;
const entry = { ...about, url: "es.tgz", sha256: "a".repeat(64), size: 10 };

describe("parseManifest", () => {
  it("accepts a well-formed manifest and normalizes ./main", () => {
    assert.deepEqual(parseManifest(manifest), manifest);
    assert.equal(parseManifest({ ...manifest, main: "./lib/index.mjs" }).main, "lib/index.mjs");
    assert.equal(parseManifest({ ...manifest, description: undefined }).description, "");
  });

  it("names the field that is wrong", () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...manifest, id: "../evil" }, /"id" has an invalid value "\.\.\/evil"/],
      [{ ...manifest, id: "Upper" }, /"id" has an invalid value/],
      [{ ...manifest, version: "1.2" }, /of elasticsearch: "version" has an invalid value "1\.2"/],
      [{ ...manifest, apiVersion: 0 }, /"apiVersion" must be a positive integer/],
      [{ ...manifest, main: "../outside.js" }, /"main" must be a \.js file inside the archive/],
      [{ ...manifest, main: "/abs.js" }, /"main" must be a \.js file inside the archive/],
      [{ ...manifest, main: "index.ts" }, /"main" must be a \.js file/],
      [{ ...manifest, driver: null }, /"driver" is not a JSON object/],
      [{ ...manifest, driver: { type: "x" } }, /driver: "displayName" must be a non-empty string/],
      [{ ...manifest, name: "" }, /"name" must be a non-empty string/],
    ];
    for (const [value, message] of cases) assert.throws(() => parseManifest(value), message);
    assert.throws(() => parseManifest([]), /The manifest is not a JSON object/);
  });
});

describe("parseCatalog", () => {
  it("accepts a catalog of format version 1", () => {
    assert.deepEqual(parseCatalog({ catalogVersion: 1, plugins: [entry] }), {
      catalogVersion: 1,
      plugins: [entry],
    });
  });

  it("refuses other format versions, duplicate ids, bad hashes and sizes", () => {
    assert.throws(
      () => parseCatalog({ catalogVersion: 2, plugins: [] }),
      /format version 2; this Quarry reads version 1/,
    );
    assert.throws(() => parseCatalog({ catalogVersion: 1 }), /no "plugins" list/);
    assert.throws(
      () => parseCatalog({ catalogVersion: 1, plugins: [entry, entry] }),
      /lists elasticsearch twice/,
    );
    assert.throws(
      () => parseCatalog({ catalogVersion: 1, plugins: [{ ...entry, sha256: "A".repeat(64) }] }),
      /Catalog entry elasticsearch: "sha256" has an invalid value/,
    );
    assert.throws(
      () => parseCatalog({ catalogVersion: 1, plugins: [{ ...entry, size: -1 }] }),
      /"size" must be a positive integer/,
    );
    assert.throws(
      () => parseCatalog({ catalogVersion: 1, plugins: [{ ...entry, url: "" }] }),
      /"url" must be a non-empty string/,
    );
  });
});

describe("compareVersions", () => {
  it("orders versions the semver way", () => {
    const sorted = [
      "1.10.0",
      "1.2.0",
      "1.2.0-rc.1",
      "1.2.0-beta.2",
      "1.2.0-beta.11",
      "0.9.9",
      "1.2.0-alpha",
    ];
    sorted.sort(compareVersions);
    assert.deepEqual(sorted, [
      "0.9.9",
      "1.2.0-alpha",
      "1.2.0-beta.2",
      "1.2.0-beta.11",
      "1.2.0-rc.1",
      "1.2.0",
      "1.10.0",
    ]);
    assert.equal(compareVersions("2.0.0+build.1", "2.0.0"), 0);
  });
});

describe("checkPluginDriver", () => {
  const driver = {
    type: "elasticsearch",
    displayName: "Elasticsearch",
    validateConfig: () => ({}),
    connect: () => ({}),
    validateSecrets: () => {},
    secretFields: () => [],
    describeEndpoint: () => "",
  };

  it("accepts a driver for the promised type with every function", () => {
    assert.equal(checkPluginDriver(driver, manifest), driver);
  });

  it("refuses another type, missing functions, and nothing at all", () => {
    assert.throws(
      () => checkPluginDriver({ ...driver, type: "mysql" }, manifest),
      /provides the driver type "mysql", but its manifest promises "elasticsearch"/,
    );
    const { connect: _c, describeEndpoint: _d, ...partial } = driver;
    assert.throws(
      () => checkPluginDriver(partial, manifest),
      /its driver lacks connect, describeEndpoint/,
    );
    assert.throws(() => checkPluginDriver(undefined, manifest), /did not return a driver object/);
  });
});
