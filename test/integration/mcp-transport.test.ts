/**
 * The MCP server's HTTP transport with the official MCP client and raw HTTP:
 * each revision's discovery and initialize, GET 405, 2025-03-26 refused, Host and Origin checks,
 * body cap, malformed JSON, batches, unknown methods, the legacy session's rules, and the
 * handshake proof.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { stat } from "node:fs/promises";
import { type ClientRequest, request as httpRequest } from "node:http";
import { describe, test } from "node:test";
import { handshakePath } from "../../src/app/mcp-host/handshake.ts";
import { PROOF_PATH, verifyProof } from "../../src/mcp/policy/handshake.ts";
import {
  bearer,
  connectClient,
  createToken,
  ERAS,
  mcpTestServer,
  modernRequest,
  rawRequest,
  readHandshake,
  rpcError,
} from "../support/mcp.ts";

let other: string;
const srv = mcpTestServer({
  connections: async (home) => {
    other = await createToken(home, "other", "read-only");
  },
  token: { name: "transport", scope: "read-only" },
  server: { maxBodyBytes: 64 * 1024 },
});

const initialize = (version: string, id = 1) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: {
      protocolVersion: version,
      capabilities: {},
      clientInfo: { name: "raw", version: "1" },
    },
  });

describe("each revision with the official client", () => {
  for (const era of ERAS) {
    test(`${era}: connects, lists tools, and reads the instructions`, async () => {
      const client = await connectClient(srv.url, srv.token, era);
      try {
        assert.equal(client.getNegotiatedProtocolVersion(), era);
        assert.equal(client.getServerVersion()?.name, "quarry");
        assert.match(client.getInstructions() ?? "", /list_connections/);
        assert.match(client.getInstructions() ?? "", /call describe_table before writing a query/);
        const tools = await client.listTools();
        assert.ok(tools.tools.some((t) => t.name === "execute_query"));
      } finally {
        await client.close();
      }
    });
  }

  test("2026-07-28: server/discover names the modern revision and carries serverInfo", async () => {
    const r = modernRequest("server/discover");
    const res = await rawRequest(srv.url, {
      headers: { ...r.headers, ...bearer(srv.token) },
      body: r.body,
    });
    assert.equal(res.status, 200);
    const result = (res.json as { result: Record<string, unknown> }).result;
    assert.deepEqual(result.supportedVersions, ["2026-07-28"]);
    assert.equal(result.resultType, "complete");
    assert.equal(typeof result.ttlMs, "number");
    assert.deepEqual(
      (result._meta as Record<string, { name: string }>)["io.modelcontextprotocol/serverInfo"]
        ?.name,
      "quarry",
    );
  });

  test("2025 revisions get an Mcp-Session-Id; 2026-07-28 never does", async () => {
    for (const version of ["2025-11-25", "2025-06-18"]) {
      const res = await rawRequest(srv.url, {
        headers: bearer(srv.token),
        body: initialize(version),
      });
      assert.equal(res.status, 200);
      const sid = res.headers.get("mcp-session-id");
      assert.ok(sid && /^[\x21-\x7e]{32,}$/.test(sid), `session id ${sid}`);
      assert.equal(
        (res.json as { result: { protocolVersion: string } }).result.protocolVersion,
        version,
      );
    }
    const r = modernRequest("tools/list");
    const res = await rawRequest(srv.url, {
      headers: { ...r.headers, ...bearer(srv.token) },
      body: r.body,
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("mcp-session-id"), null);
  });
});

describe("refused revisions and legacy session rules", () => {
  test("2025-03-26 initialize is refused with the supported revisions named", async () => {
    const res = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: initialize("2025-03-26"),
    });
    assert.equal(res.status, 400);
    const e = rpcError(res.json);
    assert.equal(e.code, -32602);
    assert.match(e.message, /2025-03-26/);
    assert.deepEqual(e.data?.supported, ["2026-07-28", "2025-11-25", "2025-06-18"]);
    assert.equal(e.data?.requested, "2025-03-26");
    assert.equal(res.headers.get("mcp-session-id"), null);
  });

  test("a 2025-03-26-style request (no version header, no session) is refused", async () => {
    const res = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    assert.equal(res.status, 400);
    assert.match(rpcError(res.json).message, /2025-03-26 is not supported/);
  });

  test("after initialize, a request without MCP-Protocol-Version is refused", async () => {
    const init = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: initialize("2025-11-25"),
    });
    const sid = init.headers.get("mcp-session-id")!;
    const res = await rawRequest(srv.url, {
      headers: { ...bearer(srv.token), "mcp-session-id": sid },
      body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }),
    });
    assert.equal(res.status, 400);
    assert.match(rpcError(res.json).message, /Missing MCP-Protocol-Version/);
    const ok = await rawRequest(srv.url, {
      headers: {
        ...bearer(srv.token),
        "mcp-session-id": sid,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/list" }),
    });
    assert.equal(ok.status, 200);
    assert.ok((ok.json as { result: { tools: unknown[] } }).result.tools.length >= 5);
  });

  test("a session belongs to the token that opened it; an unknown one is 404", async () => {
    const init = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: initialize("2025-06-18"),
    });
    const sid = init.headers.get("mcp-session-id")!;
    const headers = { "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" };
    const body = JSON.stringify({ jsonrpc: "2.0", id: 6, method: "ping" });
    const stolen = await rawRequest(srv.url, { headers: { ...headers, ...bearer(other) }, body });
    assert.equal(stolen.status, 404);
    assert.equal(rpcError(stolen.json).code, -32001);
    const unknown = await rawRequest(srv.url, {
      headers: { ...headers, ...bearer(srv.token), "mcp-session-id": "nope" },
      body,
    });
    assert.equal(unknown.status, 404);
    const mine = await rawRequest(srv.url, { headers: { ...headers, ...bearer(srv.token) }, body });
    assert.equal(mine.status, 200);
  });

  test("DELETE ends a legacy session; later requests on it are 404", async () => {
    const init = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: initialize("2025-11-25"),
    });
    const sid = init.headers.get("mcp-session-id")!;
    const headers = {
      ...bearer(srv.token),
      "mcp-session-id": sid,
      "mcp-protocol-version": "2025-11-25",
    };
    const del = await rawRequest(srv.url, { method: "DELETE", headers });
    assert.equal(del.status, 200);
    const after = await rawRequest(srv.url, {
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" }),
    });
    assert.equal(after.status, 404);
  });
});

describe("the HTTP door", () => {
  test("GET /mcp answers 405 (no notification stream)", async () => {
    const res = await rawRequest(srv.url, { method: "GET", headers: bearer(srv.token) });
    assert.equal(res.status, 405);
    assert.match(res.headers.get("allow") ?? "", /POST/);
    assert.match(rpcError(res.json).message, /no notification stream/);
  });

  test("other paths are 404 with a JSON-RPC error", async () => {
    const res = await rawRequest(new URL("/other", srv.url), {
      headers: bearer(srv.token),
      body: "{}",
    });
    assert.equal(res.status, 404);
    assert.match(rpcError(res.json).message, /\/mcp/);
  });

  test("a Host that is not this server is refused (DNS rebinding)", async () => {
    const res = await postWithHost("evil.example.com");
    assert.equal(res.status, 403);
    const e = rpcError(JSON.parse(res.body));
    assert.equal(e.code, -33007);
    assert.equal(e.data?.header, "Host");
  });

  test("a loopback Host with another port is refused; with ours it is served", async () => {
    assert.equal((await postWithHost(`127.0.0.1:${srv.server.port + 1}`)).status, 403);
    assert.equal((await postWithHost(`localhost:${srv.server.port}`)).status, 200);
    assert.equal((await postWithHost(`[::1]:${srv.server.port}`)).status, 200);
  });

  test("a foreign Origin is refused; a loopback Origin is allowed", async () => {
    const bad = await rawRequest(srv.url, {
      headers: { ...bearer(srv.token), origin: "http://evil.example.com" },
      body: initialize("2025-11-25"),
    });
    assert.equal(bad.status, 403);
    assert.equal(rpcError(bad.json).data?.header, "Origin");
    const good = await rawRequest(srv.url, {
      headers: { ...bearer(srv.token), origin: "http://localhost:6274" },
      body: initialize("2025-11-25"),
    });
    assert.equal(good.status, 200);
  });

  test("an oversized body is refused with 413 before it is read", async () => {
    const res = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "ping",
        params: { pad: "x".repeat(70_000) },
      }),
    });
    assert.equal(res.status, 413);
    const e = rpcError(res.json);
    assert.equal(e.code, -33005);
    assert.equal(e.data?.limit, 64 * 1024);
  });

  test("a body without Content-Length (chunked) is held to the same limit", async () => {
    const ping = (pad: number) =>
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping", params: { pad: "x".repeat(pad) } });
    const big = await postChunked(ping(70_000));
    assert.equal(big.status, 413);
    assert.equal(rpcError(JSON.parse(big.body)).code, -33005);
    // Under the limit, a chunked body is read and answered like any other.
    const small = await postChunked(initialize("2025-11-25"));
    assert.equal(small.status, 200, small.body);
  });

  test("malformed JSON is -32700", async () => {
    const res = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: '{"jsonrpc": "2.0", "id": 1,',
    });
    assert.equal(res.status, 400);
    assert.equal(rpcError(res.json).code, -32700);
  });

  test("a batch array is -32600 (batches are 2025-03-26)", async () => {
    const res = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: JSON.stringify([
        JSON.parse(initialize("2025-11-25")),
        { jsonrpc: "2.0", method: "ping", id: 2 },
      ]),
    });
    assert.equal(res.status, 400);
    const e = rpcError(res.json);
    assert.equal(e.code, -32600);
    assert.match(e.message, /batch/);
  });

  test("a body that is not an object is -32600; a wrong Content-Type is 415", async () => {
    const res = await rawRequest(srv.url, { headers: bearer(srv.token), body: "42" });
    assert.equal(res.status, 400);
    assert.equal(rpcError(res.json).code, -32600);
    const ct = await rawRequest(srv.url, {
      headers: { ...bearer(srv.token), "content-type": "text/plain" },
      body: initialize("2025-11-25"),
    });
    assert.equal(ct.status, 415);
  });

  test("an unknown method is -32601 in both eras", async () => {
    const r = modernRequest("tables/drop");
    const modern = await rawRequest(srv.url, {
      headers: { ...r.headers, ...bearer(srv.token) },
      body: r.body,
    });
    assert.equal(modern.status, 404);
    assert.equal(rpcError(modern.json).code, -32601);
    const init = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: initialize("2025-11-25"),
    });
    const legacy = await rawRequest(srv.url, {
      headers: {
        ...bearer(srv.token),
        "mcp-session-id": init.headers.get("mcp-session-id")!,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tables/drop" }),
    });
    assert.equal(rpcError(legacy.json).code, -32601);
  });

  test("an unknown modern protocol version is -32022 naming what is supported", async () => {
    const r = modernRequest("tools/list");
    const body = r.body.replaceAll("2026-07-28", "2031-01-01");
    const res = await rawRequest(srv.url, {
      headers: { ...r.headers, "mcp-protocol-version": "2031-01-01", ...bearer(srv.token) },
      body,
    });
    assert.equal(res.status, 400);
    assert.equal(rpcError(res.json).code, -32022);
  });

  test("oversized headers get a JSON-RPC error, and the server keeps serving", async () => {
    const res = await rawRequest(srv.url, {
      headers: { ...bearer(srv.token), "x-pad": "y".repeat(40_000) },
      body: initialize("2025-11-25"),
    });
    assert.equal(res.status, 431);
    assert.equal(rpcError(res.json).code, -32600);
    const ok = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: initialize("2025-11-25"),
    });
    assert.equal(ok.status, 200);
  });

  test("unknown tools and unknown arguments are -32602", async () => {
    const client = await connectClient(srv.url, srv.token, "2026-07-28");
    try {
      await assert.rejects(
        client.callTool({ name: "drop_everything", arguments: {} }),
        (e: { code: number }) => e.code === -32602,
      );
      await assert.rejects(
        client.callTool({ name: "list_connections", arguments: { verbose: true } }),
        (e: { code: number; message: string }) =>
          e.code === -32602 && /Unrecognized key: "verbose"/.test(e.message),
      );
    } finally {
      await client.close();
    }
  });
});

describe("invalid params and logging/setLevel, in every era", () => {
  /** Opens a legacy session and returns a function that sends one request on it. */
  async function legacySession(version: string) {
    const init = await rawRequest(srv.url, {
      headers: bearer(srv.token),
      body: initialize(version),
    });
    const headers = {
      ...bearer(srv.token),
      "mcp-session-id": init.headers.get("mcp-session-id")!,
      "mcp-protocol-version": version,
    };
    let id = 100;
    return (method: string, params: Record<string, unknown>) =>
      rawRequest(srv.url, {
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      });
  }
  const modern = (method: string, params: Record<string, unknown>) => {
    const r = modernRequest(method, params);
    return rawRequest(srv.url, { headers: { ...r.headers, ...bearer(srv.token) }, body: r.body });
  };

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    [
      "resources/read",
      { uri: 42 },
      /^Invalid params for resources\/read: uri: expected string, received number$/,
    ],
    ["resources/read", {}, /^Invalid params for resources\/read: uri: expected string/],
    [
      "prompts/get",
      { name: "explore_index", arguments: { connection: 5, table: "t" } },
      /^Invalid params for prompts\/get: arguments\.connection: expected string, received number$/,
    ],
    [
      "completion/complete",
      { ref: { type: "ref/prompt", name: "explore_index" } },
      /^Invalid params for completion\/complete: argument: expected object, received undefined$/,
    ],
    [
      "completion/complete",
      { ref: { type: "ref/table" }, argument: { name: "x", value: "" } },
      /^Invalid params for completion\/complete: ref: does not match any accepted form: \(type: expected "ref\/prompt"/,
    ],
    [
      "tools/call",
      { name: 7 },
      /^Invalid params for tools\/call: name: expected string, received number$/,
    ],
  ];

  for (const era of ERAS) {
    test(`${era}: -32602 with a readable message, not -32603 with a validation dump`, async () => {
      const send = era === "2026-07-28" ? modern : await legacySession(era);
      for (const [method, params, message] of invalid) {
        const res = await send(method, params);
        const e = rpcError(res.json);
        assert.equal(e.code, -32602, `${method} ${JSON.stringify(params)}: ${e.message}`);
        assert.match(e.message, message);
        assert.equal(res.status, 200, "the request was read; its params were wrong");
      }
      // The server answers a good request afterwards.
      assert.ok(((await send("tools/list", {})).json as { result: { tools: unknown[] } }).result);
    });
  }

  for (const era of ["2025-11-25", "2025-06-18"]) {
    test(`${era}: logging/setLevel answers {}; a level that is not one is -32602`, async () => {
      const client = await connectClient(srv.url, srv.token, era as "2025-11-25");
      try {
        assert.deepEqual(client.getServerCapabilities()?.logging, {});
        assert.deepEqual(await client.setLoggingLevel("warning"), {});
      } finally {
        await client.close();
      }
      const send = await legacySession(era);
      const bad = rpcError((await send("logging/setLevel", { level: "loud" })).json);
      assert.equal(bad.code, -32602);
      assert.match(bad.message, /^Invalid params for logging\/setLevel: level: /);
    });
  }

  test("2026-07-28 has no logging/setLevel (the level travels in _meta): -32601", async () => {
    const res = await modern("logging/setLevel", { level: "info" });
    assert.equal(rpcError(res.json).code, -32601);
  });
});

describe("the handshake file and the endpoint proof", () => {
  test("the file is 0600 in a 0700 folder, with the bound port and a bridge token", async () => {
    const hs = await readHandshake(srv.home.dir);
    assert.ok(hs);
    assert.equal(hs.port, srv.server.port);
    assert.equal(hs.url, `http://127.0.0.1:${srv.server.port}/mcp`);
    assert.equal(hs.pid, process.pid);
    assert.match(hs.token, /^qry_/);
    assert.deepEqual(hs.protocolVersions, ["2026-07-28", "2025-11-25", "2025-06-18"]);
    assert.equal((await stat(handshakePath(srv.home.dir))).mode & 0o777, 0o600);
    assert.equal((await stat(srv.home.dir)).mode & 0o777, 0o700);
  });

  test("the endpoint proves it wrote the file, without any token", async () => {
    const hs = (await readHandshake(srv.home.dir))!;
    const challenge = randomBytes(24).toString("base64url");
    const res = await rawRequest(new URL(PROOF_PATH, srv.url), {
      body: JSON.stringify({ challenge }),
    });
    assert.equal(res.status, 200);
    const answer = res.json as { instanceId: string; proof: string };
    assert.equal(answer.instanceId, srv.server.instanceId);
    assert.ok(verifyProof(hs, challenge, answer));
    assert.ok(!verifyProof(hs, `${challenge}x`, answer), "bound to the challenge");
    assert.ok(!verifyProof({ ...hs, port: hs.port + 1 }, challenge, answer), "bound to the port");
    const bad = await rawRequest(new URL(PROOF_PATH, srv.url), {
      body: JSON.stringify({ challenge: "short" }),
    });
    assert.equal(bad.status, 400);
  });
});

/** A POST to /mcp through node:http, for what fetch will not send; `send` writes the body. */
function rawPost(
  headers: Record<string, string>,
  send: (req: ClientRequest) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: srv.server.port,
        path: "/mcp",
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
          ...bearer(srv.token),
        },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    send(req);
  });
}

/** A POST with a Host header of our choosing (fetch would not let us forge it). */
function postWithHost(host: string): Promise<{ status: number; body: string }> {
  return rawPost({ host }, (req) => req.end(initialize("2025-11-25")));
}

/** A POST whose body is sent in chunks, without Content-Length (fetch always declares one). */
function postChunked(body: string): Promise<{ status: number; body: string }> {
  return rawPost({ "transfer-encoding": "chunked" }, (req) => {
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    req.end(body.slice(half));
  });
}
