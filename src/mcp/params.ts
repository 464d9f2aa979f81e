/**
 * The shape of a request's params, checked before the SDK sees it. The SDK validates the params of
 * `resources/read`, `prompts/get`, `completion/complete` and the rest too, but answers a failure as
 * -32603 (a server error) with its validator's raw issue list as the message. A client that sent
 * `{"uri": 42}` made the mistake, so it gets -32602 and one readable line, as `tools/call`
 * arguments do. The shapes are the SDK's own (`specTypeSchemas`), so the two never disagree.
 * Pure.
 */
import { specTypeSchemas } from "@modelcontextprotocol/server";
import { RPC, type RpcError } from "./protocol.ts";

type SchemaName = keyof typeof specTypeSchemas;

/** The methods whose params are checked here, in both eras unless marked legacy-only. */
const CHECKED: Record<string, { schema: SchemaName; legacyOnly?: true }> = {
  "tools/list": { schema: "ListToolsRequest" },
  "tools/call": { schema: "CallToolRequest" },
  "resources/list": { schema: "ListResourcesRequest" },
  "resources/templates/list": { schema: "ListResourceTemplatesRequest" },
  "resources/read": { schema: "ReadResourceRequest" },
  "prompts/list": { schema: "ListPromptsRequest" },
  "prompts/get": { schema: "GetPromptRequest" },
  "completion/complete": { schema: "CompleteRequest" },
  // 2026-07-28 has no logging/setLevel (the level travels in _meta): there it is -32601.
  "logging/setLevel": { schema: "SetLevelRequest", legacyOnly: true },
  ping: { schema: "PingRequest", legacyOnly: true },
  initialize: { schema: "InitializeRequest", legacyOnly: true },
};

/** Longest message: a pathological request must not make a pathological answer. */
const MAX_MESSAGE = 600;

interface Issue {
  message: string;
  path?: readonly (PropertyKey | { key: PropertyKey })[];
  code?: string;
  errors?: Issue[][];
}

/**
 * Why a request's params do not fit its method, as a -32602 error; undefined when they fit, when
 * the body is not a request (a notification, a response) or when the method is not checked here.
 */
export function paramsProblem(body: unknown, era: "modern" | "legacy"): RpcError | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const m = body as { id?: unknown; method?: unknown; params?: unknown };
  if (m.id === undefined || typeof m.method !== "string") return undefined;
  if (!Object.hasOwn(CHECKED, m.method)) return undefined;
  const checked = CHECKED[m.method]!;
  if (checked.legacyOnly && era === "modern") return undefined;
  const schema = specTypeSchemas[checked.schema];
  const outcome = schema["~standard"].validate({ method: m.method, params: m.params });
  // Every tool's schema validates synchronously; a promise would mean a changed SDK: let it decide.
  if (outcome instanceof Promise || !outcome.issues) return undefined;
  const text = (outcome.issues as readonly Issue[]).map(describeIssue).join("; ");
  return {
    code: RPC.invalidParams,
    message: cut(`Invalid params for ${m.method}: ${text}`),
    data: { method: m.method },
  };
}

/** One issue as `where: what`, e.g. `uri: expected string, received number`. */
export function describeIssue(issue: Issue): string {
  const where = pathText(issue.path);
  if (issue.code === "invalid_union" && issue.errors?.length) {
    const options = issue.errors.map(
      (branch) => `(${branch.map((i) => describeIssue(i)).join(", ")})`,
    );
    return `${where || "params"}: does not match any accepted form: ${options.join(" or ")}`;
  }
  const what = issue.message.replace(/^Invalid input: /, "");
  return where ? `${where}: ${what}` : what;
}

function pathText(path: Issue["path"]): string {
  const keys = (path ?? []).map((p) =>
    typeof p === "object" && p !== null && "key" in p ? p.key : p,
  );
  // The schemas wrap params in the request; the client knows them as params' own keys.
  if (keys[0] === "params") keys.shift();
  if (keys.length === 0) return "";
  return keys
    .map((k, i) => (typeof k === "number" ? `[${k}]` : `${i ? "." : ""}${String(k)}`))
    .join("");
}

function cut(s: string): string {
  return s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE - 1)}…` : s;
}
