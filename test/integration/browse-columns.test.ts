/**
 * A grid's first page shows the mapping as it is now, although the session holds columns: a field
 * added to the mapping from elsewhere (not through Quarry, no document holding it) is a column of
 * the next grid opened, through the driver and through the UI's API (the grid opened with its
 * first page in one answer). The mapping is read beside the search, not before it; a sorted first
 * page is planned with the held columns and searched again only when the fresh ones differ.
 * Counted at a recording proxy in front of the real es8 node.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { GridOpened } from "../../src/app/http/api/contract.ts";
import { type PackedPage, unpackPage } from "../../src/core/packed-page.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, session } from "../support/cluster.ts";
import { esOk } from "../support/es.ts";
import { type RecordingProxy, recordingProxy } from "../support/recording-proxy.ts";
import { addEs8Connection, startUiApp, type UiApp } from "../support/ui.ts";

const INDEX = "t-browsecols-orders";
const es = () => node("es8").url;

/** Adds a field to the mapping from outside the session under test. */
const addField = (name: string, type: string) =>
  esOk("es8", "PUT", `/${INDEX}/_mapping`, { properties: { [name]: { type } } });

const names = (r: { columns: { name: string }[] }) => r.columns.map((c) => c.name);

before(async () => {
  await esOk("es8", "DELETE", `/${INDEX}`);
  await esOk("es8", "PUT", `/${INDEX}`, {
    mappings: { properties: { status: { type: "keyword" }, at: { type: "date" } } },
  });
  for (let i = 0; i < 3; i++)
    await esOk("es8", "POST", `/${INDEX}/_doc/${i}?refresh=true`, {
      status: "paid",
      at: `2026-01-0${i + 1}`,
    });
});
after(() => esOk("es8", "DELETE", `/${INDEX}`));

describe("a grid's first page and the held columns (driver)", () => {
  let proxy: RecordingProxy;
  let s: EsSession;
  /** Opens a grid and reads its first page as the UI's API does (columns read now). */
  const openFirst = async (request = {}) => {
    const { view, first } = await s.grid.openGrid(INDEX, { page: 1, pageSize: 10, ...request });
    await view.close();
    return first!;
  };

  before(async () => {
    proxy = await recordingProxy(es());
    s = session({
      host: "127.0.0.1",
      port: proxy.port,
      auth: "none",
      sslMode: "disabled",
      skipTlsVerify: false,
    });
  });
  after(async () => {
    await s.close();
    await proxy.close();
  });

  it("shows a field added from elsewhere in the next grid's columns, despite the held ones", async () => {
    const first = await s.grid.browse(INDEX, { pageSize: 10 });
    assert.ok(!names(first).includes("added_a"));
    await addField("added_a", "keyword");
    proxy.clear();
    const held = await s.grid.browse(INDEX, { pageSize: 10 });
    assert.deepEqual(proxy.sent(), [`POST /${INDEX}/_search`], "a one-off page uses held columns");
    assert.ok(!names(held).includes("added_a"), "which predate the field");
    proxy.clear();
    const opened = await openFirst();
    assert.ok(names(opened).includes("added_a"), names(opened).join(", "));
    assert.equal(opened.rows.length, 3);
    assert.deepEqual(proxy.sent().sort(), [`GET /${INDEX}/_mapping`, `POST /${INDEX}/_search`]);
    proxy.clear();
    const next = await s.grid.browse(INDEX, { pageSize: 10 });
    assert.ok(names(next).includes("added_a"), "the session now holds what the grid read");
    assert.deepEqual(proxy.sent(), [`POST /${INDEX}/_search`]);
  });

  it("a sorted first page is searched once with held columns that still hold", async () => {
    await s.grid.browse(INDEX, { pageSize: 10 });
    await addField("added_b", "keyword");
    proxy.clear();
    const page = await openFirst({ sort: [{ column: "at", direction: "desc" }] });
    assert.deepEqual(
      page.rows.map((r) => r._id),
      ["2", "1", "0"],
    );
    assert.ok(names(page).includes("added_b"), names(page).join(", "));
    assert.deepEqual(proxy.sent().sort(), [`GET /${INDEX}/_mapping`, `POST /${INDEX}/_search`]);
  });

  it("a sorted first page on a field the held columns lack waits for the fresh ones", async () => {
    await s.grid.browse(INDEX, { pageSize: 10 });
    await addField("added_c", "integer");
    await esOk("es8", "POST", `/${INDEX}/_doc/9?refresh=true`, { status: "new", added_c: 5 });
    proxy.clear();
    const page = await openFirst({ sort: [{ column: "added_c", direction: "asc" }] });
    assert.equal(page.rows[0]?._id, "9");
    assert.deepEqual(page.droppedSort, []);
    assert.ok(names(page).includes("added_c"));
    assert.deepEqual(proxy.sent().sort(), [`GET /${INDEX}/_mapping`, `POST /${INDEX}/_search`]);
    await esOk("es8", "DELETE", `/${INDEX}/_doc/9?refresh=true`);
  });
});

describe("the UI's API opens a grid with its first page", () => {
  let app: UiApp;
  let connectionId: string;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${app.origin}/api${path}`, {
      method,
      headers: { "content-type": "application/json", "x-quarry-secret": app.secret },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const out = (await res.json()) as T;
    assert.equal(res.status, 200, JSON.stringify(out));
    return out;
  };
  const open = (body: unknown) =>
    call<GridOpened>("POST", `/connections/${connectionId}/tables/${INDEX}/grid`, body);

  before(async () => {
    app = await startUiApp();
    connectionId = await addEs8Connection(app);
  });
  after(() => app.close());

  it("answers the page with the grid, and the next grid shows a field added meanwhile", async () => {
    const opened = await open({ first: { page: 1, pageSize: 2 } });
    const first = unpackPage(opened.first!);
    assert.equal(first.rows.length, 2);
    assert.equal(first.total, 3);
    assert.deepEqual(names(opened), names(first));
    assert.ok(opened.filterOps.some((f) => f.column === "status"));
    const page2 = unpackPage(
      await call<PackedPage>("POST", `/grids/${opened.gridId}/browse`, { page: 2, pageSize: 2 }),
    );
    assert.equal(page2.rows.length, 1);
    await call("DELETE", `/grids/${opened.gridId}`);

    await addField("added_ui", "keyword");
    const again = await open({ first: { page: 1, pageSize: 2 } });
    assert.ok(names(again).includes("added_ui"), names(again).join(", "));
    assert.ok(names(unpackPage(again.first!)).includes("added_ui"));
    await call("DELETE", `/grids/${again.gridId}`);
  });

  it("still opens a grid alone (no first page), and refuses a malformed first page", async () => {
    const opened = await open({});
    assert.equal(opened.first, undefined);
    assert.ok(names(opened).includes("status"));
    await call("DELETE", `/grids/${opened.gridId}`);
    const res = await fetch(`${app.origin}/api/connections/${connectionId}/tables/${INDEX}/grid`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-quarry-secret": app.secret },
      body: JSON.stringify({ first: [1] }),
    });
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as { error: { message: string } }).error.message, /object/);
  });
});
