/** The driver's memory of servers identified lately: by address, for a while, per driver. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ServerInfo } from "../../src/core/driver.ts";
import { newConnectionConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { IdentifiedServers } from "../../src/drivers/elasticsearch/wire/identified-servers.ts";

const info = { version: "8.15.0", major: 8 } as unknown as ServerInfo;

describe("IdentifiedServers", () => {
  it("remembers a server by its address for a while, then asks again", () => {
    let now = 0;
    const known = new IdentifiedServers(60_000, () => now);
    const config = { ...newConnectionConfig(), host: "a.example" };
    assert.equal(known.get(config), undefined);
    known.set(config, info);
    now = 59_999;
    assert.equal(known.get(config), info);
    now = 60_000;
    assert.equal(known.get(config), undefined);
  });

  it("tells addresses and users apart", () => {
    const known = new IdentifiedServers();
    const config = { ...newConnectionConfig(), host: "a.example" };
    known.set(config, info);
    assert.equal(known.get({ ...config, host: "b.example" }), undefined);
    assert.equal(known.get({ ...config, auth: "basic", username: "other" }), undefined);
  });

  it("is held by one driver: another starts empty", () => {
    const config = newConnectionConfig();
    new IdentifiedServers().set(config, info);
    assert.equal(new IdentifiedServers().get(config), undefined);
  });
});
