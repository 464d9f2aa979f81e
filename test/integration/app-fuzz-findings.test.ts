/**
 * What the app's fuzzer found in the UI's API and its HTTP server (test/integration/
 * fuzz-app.test.ts), one case each, so each stays fixed whatever seed the fuzzer runs with: no
 * 500 for a refusal of the input, no crash on a number beyond 2^53 where text was expected, and
 * the API's error shape for what Node used to answer bare.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { RunningApp } from "../../src/app/app.ts";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { type BridgeHome, bridgeHome, startAppIn } from "../support/bridge.ts";
import { node, plainConfig } from "../support/cluster.ts";
import { es } from "../support/es.ts";
import { checkApiError, rawHttp } from "../support/fuzz.ts";

const INDEX = `qt-app-findings-${randomBytes(3).toString("hex")}`;
let home: BridgeHome;
let app: RunningApp;
let port: number;
let secret: string;
let connectionId: string;

before(async () => {
  await es("es8", "PUT", `/${INDEX}`, {
    mappings: { properties: { status: { type: "keyword" } } },
  });
  home = await bridgeHome();
  connectionId = (
    await addConnection(home.storage, {
      name: "findings",
      type: "elasticsearch",
      settings: { ...plainConfig(node("es8")) },
      externalClients: "read-only",
      aiPolicy: "always-allow",
    })
  ).id;
  app = await startAppIn(home);
  const instance = JSON.parse(await readFile(join(home.dir, "instance.json"), "utf8")) as {
    port: number;
    secret: string;
  };
  port = instance.port;
  secret = instance.secret;
});
after(async () => {
  await app?.stop();
  await home?.cleanup();
  await es("es8", "DELETE", `/${INDEX}`).catch(() => {});
});

/** A request to the UI's API with the key; the body is sent as written (big integers as digits). */
async function api(method: string, path: string, body?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { "x-quarry-secret": secret, "content-type": "application/json" },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

describe("refusals of the input are 4xx in the API's error shape, never a 500", () => {
  test("a change set with an update that is not a row: its refusal, not a crash", async () => {
    const body = JSON.stringify({ updates: [{ _id: "x" }], inserts: [], deletes: [] });
    const checked = await api(
      "POST",
      `/api/connections/${connectionId}/tables/${INDEX}/validate-changes`,
      body,
    );
    assert.equal(checked.status, 200);
    assert.deepEqual(
      (checked.json as { row: string }[]).map((r) => r.row),
      ["update 1"],
    );
    const saved = await api("POST", `/api/connections/${connectionId}/tables/${INDEX}/save`, body);
    assert.equal(saved.status, 400, "the edits are refused: the user's to fix, not Quarry's bug");
    checkApiError(saved.json, "save");
    assert.equal((saved.json as { error: { code: string } }).error.code, "changes_refused");
  });

  test("numbers beyond 2^53 where text was expected", async () => {
    const cases: [string, string, string][] = [
      [
        "POST",
        "/api/connections",
        '{"name":"n","type":9007199254740993,"settings":{"host":"localhost"}}',
      ],
      [
        "POST",
        "/api/connections/validate",
        '{"type":"elasticsearch","settings":{"host":"localhost","port":9007199254740993}}',
      ],
      [
        "POST",
        "/api/connections/validate",
        '{"type":"elasticsearch","settings":{"host":"localhost","sslMode":9007199254740993}}',
      ],
      [
        "POST",
        "/api/mcp/tokens",
        '{"name":"t","scope":9007199254740993,"connections":null,"expiresAt":null}',
      ],
      [
        "POST",
        "/api/mcp/tokens",
        '{"name":"t","scope":"read-only","connections":null,"expiresAt":9007199254740993}',
      ],
      [
        "POST",
        `/api/connections/${connectionId}/tables/${INDEX}/export`,
        '{"format":"ndjson","batchSize":9007199254740993}',
      ],
      [
        "POST",
        `/api/connections/${connectionId}/tables/${INDEX}/export`,
        '{"format":9007199254740993}',
      ],
    ];
    for (const [method, path, body] of cases) {
      const res = await api(method, path, body);
      assert.equal(res.status, 400, `${method} ${path} ${body}: ${JSON.stringify(res.json)}`);
      checkApiError(res.json, path);
    }
  });

  test("names of Object.prototype's members are not export formats or plugins", async () => {
    const format = await api(
      "POST",
      `/api/connections/${connectionId}/tables/${INDEX}/export`,
      '{"format":"toString"}',
    );
    assert.equal(format.status, 400);
    assert.match(
      (format.json as { error: { message: string } }).error.message,
      /Unknown export format "toString"/,
    );
    const plugin = await api("DELETE", "/api/plugins/__proto__");
    assert.equal(plugin.status, 404);
    checkApiError(plugin.json, "plugin");
  });

  test("a host that reads as an IPv4 address but is none is refused when saved", async () => {
    const res = await api(
      "POST",
      "/api/connections/validate",
      JSON.stringify({ type: "elasticsearch", settings: { host: "256.1.1.1" } }),
    );
    assert.equal(res.status, 400);
    assert.match((res.json as { error: { message: string } }).error.message, /not a valid host/);
  });
});

describe("the HTTP server", () => {
  test("a path starting with // is a path, not a host name", async () => {
    const res = await rawHttp(
      port,
      `GET // HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    assert.ok(res && res.status < 500, `HTTP ${res?.status}`);
  });

  test("no Host header: the Host guard's refusal in the API's shape", async () => {
    const res = await rawHttp(port, "GET /api/connections HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert.equal(res?.status, 421);
    checkApiError(JSON.parse(res!.body), "no Host");
  });

  test("malformed HTTP: 400 in the API's shape", async () => {
    const res = await rawHttp(port, "GARBAGE\r\n\r\n");
    assert.equal(res?.status, 400);
    checkApiError(JSON.parse(res!.body), "garbage");
  });

  test("a GET whose body has no length is answered (once), not dropped", async () => {
    const res = await rawHttp(
      port,
      `GET /api/connections HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Quarry-Secret: ${secret}\r\nConnection: close\r\n\r\n{"a":1}`,
    );
    assert.equal(res?.status, 200);
    assert.ok(Array.isArray(JSON.parse(res!.body)));
  });
});
