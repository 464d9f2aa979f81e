/**
 * The cluster overview's pure parts: nodes joined from `_nodes` and `_nodes/stats`, pending tasks,
 * allocation explanations of unassigned and assigned shards, why a cluster is not green, the CLI's
 * lines, the page's shard matrix, and the route's reading of a shard copy.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { explanationLines, healthLines, nodeLines } from "../../src/cli/commands/cluster/print.ts";
import type { HealthReport, NodeSummary, PartitionInfo } from "../../src/core/catalog.ts";
import {
  explanationOf,
  healthCauses,
  nodesOf,
  nodesOfCat,
  pendingTasksOf,
} from "../../src/drivers/elasticsearch/cluster/cluster-answers.ts";
import { allocationRecord, healthRecord, roleLetters } from "../../src/mcp/tools/cluster.ts";
import { loadText, percent, shardMatrix, stateClass } from "../../web/src/cluster/cluster-model.ts";

const node = (name: string, extra: Partial<NodeSummary> = {}): NodeSummary => ({
  name,
  roles: ["data"],
  leader: false,
  version: null,
  address: null,
  memoryUsedBytes: null,
  memoryMaxBytes: null,
  diskUsedBytes: null,
  diskTotalBytes: null,
  cpuPercent: null,
  load: null,
  ...extra,
});

/** Every role an 8.x node can have, which `_cat/nodes` writes as "cdfhilmrstw". */
const EVERY_ROLE = [
  "data",
  "data_cold",
  "data_content",
  "data_frozen",
  "data_hot",
  "data_warm",
  "ingest",
  "master",
  "ml",
  "remote_cluster_client",
  "transform",
];

/** `_nodes` and `_nodes/stats` of two 8.19 nodes: n1 (id a, the master, stats read) and n2. */
const twoNodes = (n1Roles: string[]) =>
  nodesOf(
    {
      nodes: {
        b: { name: "n2", roles: ["data"], version: "8.19.21", ip: "10.0.0.2" },
        a: { name: "n1", roles: n1Roles, version: "8.19.21", ip: "10.0.0.1" },
      },
    },
    "a",
    {
      nodes: {
        a: {
          jvm: { mem: { heap_used_in_bytes: 100, heap_max_in_bytes: 400 } },
          os: { cpu: { percent: 7, load_average: { "1m": 1.5, "5m": 1, "15m": 0.5 } } },
          fs: { total: { total_in_bytes: 1000, available_in_bytes: 250 } },
        },
      },
    },
  );

describe("nodes", () => {
  test("info and stats joined by node id; disk used is total minus available; master marked", () => {
    const nodes = twoNodes(["master", "data"]);
    assert.deepEqual(nodes[0], {
      name: "n1",
      roles: ["master", "data"],
      leader: true,
      version: "8.19.21",
      address: "10.0.0.1",
      memoryUsedBytes: 100,
      memoryMaxBytes: 400,
      diskUsedBytes: 750,
      diskTotalBytes: 1000,
      cpuPercent: 7,
      load: [1.5, 1, 0.5],
    });
    // Stats not readable (or a node that joined between the two reads): its numbers are null.
    assert.deepEqual(nodes[1], {
      ...node("n2", { version: "8.19.21", address: "10.0.0.2" }),
    });
  });

  test("a system without load averages (Windows: left out, or -1 on old versions)", () => {
    const [n] = nodesOf({ nodes: { a: { name: "w" } } }, undefined, {
      nodes: { a: { os: { cpu: { percent: 3, load_average: { "1m": -1 } } } } },
    });
    assert.deepEqual(n?.load, [null, null, null]);
    const [m] = nodesOf({ nodes: { a: { name: "w" } } }, undefined, {
      nodes: { a: { os: { cpu: { percent: 3 } } } },
    });
    assert.equal(m?.load, null);
  });
});

describe("nodes from one _cat/nodes (the same facts as _nodes, _nodes/stats and the master)", () => {
  test("roles named as _nodes names them, numbers read from text, master marked", () => {
    const viaCat = nodesOfCat([
      { id: "b", name: "n2", version: "8.19.21", ip: "10.0.0.2", "node.role": "d", master: "-" },
      {
        id: "a",
        name: "n1",
        version: "8.19.21",
        ip: "10.0.0.1",
        "node.role": "cdfhilmrstw",
        master: "*",
        "heap.current": "100",
        "heap.max": "400",
        cpu: "7",
        load_1m: "1.50",
        load_5m: "1.00",
        load_15m: "0.50",
        "disk.used": "750",
        "disk.total": "1000",
      },
    ]);
    const viaNodes = twoNodes(EVERY_ROLE);
    assert.deepEqual(viaCat, viaNodes);
  });

  test("a coordinating-only node has no role; no load average is null", () => {
    const [n] = nodesOfCat([{ id: "a", name: "c", "node.role": "-", load_1m: null }]) ?? [];
    assert.deepEqual(n?.roles, []);
    assert.equal(n?.load, null);
    const [w] = nodesOfCat([{ id: "a", name: "w", load_1m: "-1.00" }]) ?? [];
    assert.deepEqual(w?.load, [null, null, null]);
  });

  test("a role letter it cannot name: undefined, so the caller reads _nodes", () => {
    assert.equal(nodesOfCat([{ id: "a", name: "x", "node.role": "dmZ" }]), undefined);
  });
});

test("pending tasks in the queue's order, bounded", () => {
  const tasks = pendingTasksOf(
    {
      tasks: [
        {
          insert_order: 101,
          priority: "URGENT",
          source: "create-index [foo_9], cause [api]",
          executing: true,
          time_in_queue_millis: 86,
        },
        { insert_order: 46, priority: "HIGH", source: "shard-started", time_in_queue_millis: 842 },
      ],
    },
    1,
  );
  assert.deepEqual(tasks, [
    {
      order: 101,
      priority: "URGENT",
      source: "create-index [foo_9], cause [api]",
      executing: true,
      waitingMs: 86,
    },
  ]);
});

describe("allocation explanations", () => {
  test("an unassigned replica: its reason, since when, the verdict, the deciders that said no", () => {
    const e = explanationOf({
      index: "logs",
      shard: 1,
      primary: false,
      current_state: "unassigned",
      unassigned_info: {
        reason: "NODE_LEFT",
        at: "2026-11-25T01:00:00Z",
        details: "node_left [x]",
      },
      can_allocate: "no",
      allocate_explanation:
        "cannot allocate because allocation is not permitted to any of the nodes",
      node_allocation_decisions: [
        {
          node_name: "n1",
          node_decision: "no",
          deciders: [
            { decider: "same_shard", decision: "NO", explanation: "a copy is already here" },
            { decider: "disk", decision: "YES", explanation: "enough disk" },
          ],
        },
      ],
    });
    assert.equal(e.state, "unassigned");
    assert.equal(e.currentNode, null);
    assert.equal(e.unassignedReason, "NODE_LEFT");
    assert.equal(e.unassignedSince, "2026-11-25T01:00:00Z");
    assert.equal(e.details, "node_left [x]");
    assert.equal(e.decision, "no");
    assert.deepEqual(e.nodes, [
      { node: "n1", decision: "no", reasons: ["a copy is already here"] },
    ]);
    assert.deepEqual(explanationLines(e), [
      "Allocation of [logs][1] replica: unassigned",
      "  Unassigned because NODE_LEFT since 2026-11-25T01:00:00Z: node_left [x]",
      "  Can be allocated: no",
      "  cannot allocate because allocation is not permitted to any of the nodes",
      "  n1: no",
      "    - a copy is already here",
    ]);
    assert.equal(allocationRecord(e).unassigned_reason, "NODE_LEFT");
    // The MCP record keeps what holds, not Elasticsearch's advice or a shard's state dump.
    const said = allocationRecord({
      ...e,
      explanation: "Elasticsearch isn't allowed to allocate this shard. Choose a node to which…",
      nodes: [
        {
          node: "n1",
          decision: "no",
          reasons: ["a copy of this shard is already allocated to this node [[logs][1], node[x]]"],
        },
      ],
    });
    assert.equal(said.explanation, "Elasticsearch isn't allowed to allocate this shard.");
    assert.deepEqual(said.nodes.rows, [
      ["n1", "no", ["a copy of this shard is already allocated to this node"]],
    ]);
  });

  test("an assigned primary: where it is, whether it may stay, and the rebalance explanation", () => {
    const e = explanationOf({
      index: "logs",
      shard: 0,
      primary: true,
      current_state: "started",
      current_node: { name: "n1" },
      can_remain_on_current_node: "yes",
      can_rebalance_to_other_node: "no",
      rebalance_explanation: "rebalancing is not allowed",
    });
    assert.deepEqual(
      [e.state, e.currentNode, e.decision, e.explanation, e.unassignedReason],
      ["started", "n1", "yes", "rebalancing is not allowed", null],
    );
    assert.equal(explanationLines(e)[0], "Allocation of [logs][0] primary: started on n1");
    assert.equal(explanationLines(e)[1], "  May stay on its node: yes");
  });
});

describe("why a cluster is not green", () => {
  const rows = [
    { prirep: "p", state: "UNASSIGNED", "unassigned.reason": "NODE_LEFT" },
    { prirep: "r", state: "UNASSIGNED", "unassigned.reason": "NODE_LEFT" },
    { prirep: "r", state: "UNASSIGNED", "unassigned.reason": "INDEX_CREATED" },
    { prirep: "r", state: "STARTED", "unassigned.reason": null },
  ];

  test("green says nothing", () => {
    assert.deepEqual(healthCauses({ status: "green" }, []), []);
  });

  test("red: primaries first, then replicas, each with its reasons; delayed and initializing", () => {
    assert.deepEqual(
      healthCauses(
        {
          status: "red",
          unassigned_shards: 3,
          delayed_unassigned_shards: 1,
          initializing_shards: 2,
        },
        rows,
      ),
      [
        "1 primary shard unassigned: its documents cannot be read or written until a copy is allocated (red). Reasons: NODE_LEFT (1).",
        "2 replica shards unassigned: every document is there, but not every copy (yellow). Reasons: NODE_LEFT (1), INDEX_CREATED (1).",
        "1 of them is delayed: the cluster waits for the node that left to come back (index.unassigned.node_left.delayed_timeout) before copying its shards elsewhere.",
        "2 shards initializing (being recovered or copied).",
      ],
    );
  });

  test("8.x's own primary count wins over the rows (which may be cut)", () => {
    const causes = healthCauses(
      { status: "red", unassigned_shards: 10, unassigned_primary_shards: 4 },
      rows,
    );
    assert.match(causes[0] ?? "", /^4 primary shards unassigned: their documents/);
    assert.match(causes[1] ?? "", /^6 replica shards unassigned/);
  });
});

const report = (extra: Partial<HealthReport> = {}): HealthReport => ({
  name: "c",
  status: "yellow",
  causes: ["1 replica shard unassigned: every document is there, but not every copy (yellow)."],
  nodes: [node("n1", { leader: true, version: "9.5.4" })],
  partitions: {
    active: 1,
    activePrimary: 1,
    relocating: 0,
    initializing: 0,
    unassigned: 1,
    delayedUnassigned: 0,
    activePercent: 50,
  },
  pendingTasks: 1,
  pendingTaskList: [
    { order: 3, priority: "HIGH", source: "put-mapping", executing: false, waitingMs: 12 },
  ],
  unassigned: [{ table: "logs", partition: 0, primary: false, reason: "INDEX_CREATED" }],
  unassignedListed: "all",
  ...extra,
});

test("the CLI's health and nodes lines", () => {
  const lines = healthLines(report());
  assert.deepEqual(lines.slice(0, 6), [
    "Cluster c: yellow",
    "  1 replica shard unassigned: every document is there, but not every copy (yellow).",
    "Shards: 1 active (1 primary), 0 relocating, 0 initializing, 1 unassigned; 50% active",
    "Nodes: n1 (master)",
    "Pending tasks: 1",
    "  HIGH put-mapping, waiting 12 ms",
  ]);
  assert.ok(lines.includes("logs   0      replica  INDEX_CREATED"), lines.join("\n"));
  const table = nodeLines([
    node("n1", {
      leader: true,
      version: "9.5.4",
      memoryUsedBytes: 200e6,
      memoryMaxBytes: 400e6,
      diskUsedBytes: 50e9,
      diskTotalBytes: 100e9,
      cpuPercent: 12,
      load: [1, null, 0.25],
    }),
  ]);
  assert.match(
    table[2] ?? "",
    /^n1 +data +\* +9\.5\.4 +200\.0 MB \/ 400\.0 MB \(50%\) +50\.0 GB \/ 100\.0 GB \(50%\) +12% +1\.00 - 0\.25$/,
  );
});

test("the MCP record carries the pending tasks and the causes", () => {
  const r = healthRecord(report());
  assert.deepEqual(r.pending?.rows, [[3, "HIGH", "put-mapping", false, 12]]);
  assert.equal(r.causes.length, 1);
});

test("the MCP record lists five unassigned copies and says how to list the rest", () => {
  const many = Array.from({ length: 8 }, (_, i) => ({
    table: "logs",
    partition: i,
    primary: false,
    reason: "NODE_LEFT",
  }));
  const partitions = { ...report().partitions, unassigned: 8, relocating: 0 };
  const r = healthRecord(report({ unassigned: many, partitions }));
  assert.equal(r.unassigned?.rows.length, 5);
  assert.match(r.unassigned_note ?? "", /^3 more unassigned; catalog view shards/);
  // States no copy is in are left out; the others stay.
  assert.deepEqual(r.shards, { active: 1, active_primary: 1, unassigned: 8, active_percent: 50 });
  const green = healthRecord(
    report({ unassigned: [], partitions: { ...partitions, unassigned: 0 }, pendingTasks: 0 }),
  );
  assert.equal(green.unassigned, undefined);
  assert.equal(green.unassigned_note, undefined);
  assert.equal(green.pending_tasks, undefined);
});

test("node roles as _cat/nodes letters", () => {
  assert.equal(roleLetters(EVERY_ROLE), "cdfhilmrstw");
  assert.equal(roleLetters(["master", "search"]), "m,search");
  assert.equal(roleLetters([]), "-");
});

describe("the page's shard matrix", () => {
  const copy = (
    table: string,
    partition: number,
    primary: boolean,
    node: string | null,
    state = "STARTED",
  ): PartitionInfo => ({
    table,
    partition,
    primary,
    state,
    docs: null,
    sizeBytes: null,
    node,
    unassignedReason: node ? null : "NODE_LEFT",
  });
  const parts = [
    copy("logs", 1, false, "n2"),
    copy("logs", 0, true, "n1"),
    copy("logs", 1, true, "n1"),
    copy("logs", 0, false, null, "UNASSIGNED"),
    copy(".security", 0, true, "n1"),
    copy(".tasks", 0, true, "n3", "INITIALIZING"),
    copy("metrics", 0, true, "n2", "RELOCATING"),
  ];

  test("rows by index, columns by node (ones outside the report added), copies in order", () => {
    const m = shardMatrix(parts, [node("n1"), node("n2")]);
    assert.deepEqual(m.nodes, ["n1", "n2", "n3"]);
    // .security is hidden (dot-named, all started); .tasks is kept: it is not all started.
    assert.deepEqual(
      m.rows.map((r) => [r.table, r.worst]),
      [
        [".tasks", "moving"],
        ["logs", "unassigned"],
        ["metrics", "moving"],
      ],
    );
    const logs = m.rows[1];
    assert.deepEqual(
      logs?.byNode.get("n1")?.map((c) => [c.partition, c.primary]),
      [
        [0, true],
        [1, true],
      ],
    );
    assert.deepEqual(
      logs?.unassigned.map((c) => c.partition),
      [0],
    );
    assert.equal(m.hidden, 1);
  });

  test("a filter and the dot-named switch; a row limit", () => {
    const m = shardMatrix(parts, [], { filter: "LOG", showDot: true, max: 1 });
    // The filter keeps logs; .tasks and metrics are not all started, so they stay.
    assert.deepEqual(
      m.rows.map((r) => r.table),
      [".tasks"],
    );
    assert.equal(m.cut, 2);
    assert.equal(m.hidden, 1);
  });

  test("states, shares and loads as the page shows them", () => {
    assert.deepEqual(["STARTED", "RELOCATING", "INITIALIZING", "UNASSIGNED"].map(stateClass), [
      "started",
      "moving",
      "moving",
      "unassigned",
    ]);
    assert.equal(percent(1, 4), "25%");
    assert.equal(percent(null, 4), "");
    assert.equal(percent(1, 0), "");
    assert.equal(loadText([1.234, null, 0]), "1.23 · – · 0.00");
    assert.equal(loadText(null), "–");
  });
});
