/**
 * Each repository and snapshot action as the console requests it sends (core/cluster-admin.ts),
 * and the indices a restore writes. Pure: what exists on the cluster is read by views.ts and
 * passed in; the requests are classified by the console's own classifier and sent by the console.
 */
import type { ClusterAdminInput, ClusterAdminPlan } from "../../../../core/cluster-admin.ts";
import type { ConsoleRequest } from "../../../../core/console.ts";
import { QuarryError } from "../../../../core/errors.ts";
import { classifyRequest } from "../../console/classify.ts";
import { pathSegment } from "../../wire/paths.ts";

/** A name for a path: one plain name, no wildcard or list, which would reach other objects. */
export function plainName(name: string, what: string): string {
  const n = name.trim();
  if (n === "" || /[*,\s/]/.test(n) || n.startsWith("_"))
    throw new QuarryError(
      "invalid_input",
      `"${name}" is not a ${what} name`,
      `Name one ${what}: no wildcard, comma, space or slash, and not starting with "_".`,
      { name },
    );
  return pathSegment(n);
}

/** The repository and snapshot actions. */
export type SnapshotInput = Extract<
  ClusterAdminInput,
  { action: `repository-${string}` | `backup-${string}` }
>;

const repoPath = (repo: string) => `/_snapshot/${plainName(repo, "repository")}`;
const snapPath = (repo: string, snap: string) => `${repoPath(repo)}/${plainName(snap, "snapshot")}`;

/** What the cluster holds that a restore needs: the snapshot's indices, the targets' states. */
export interface RestoreFacts {
  snapshotIndices: string[];
  /** The state ("open", "close") of each target index that exists. */
  existing: Record<string, string>;
}

/** Pure: a Java-style rename (`index.replaceAll(pattern, replacement)`), as the restore does it. */
export function renamed(index: string, pattern?: string, replacement?: string): string {
  if (!pattern) return index;
  return index.replace(new RegExp(pattern, "g"), replacement ?? "");
}

/** Pure: the snapshot's indices that names and patterns (`logs-*`, `-logs-old`) select. */
export function selectIndices(all: string[], wanted: string[]): string[] {
  if (wanted.length === 0) return [...all];
  const glob = (p: string) =>
    new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`);
  let chosen = new Set<string>();
  for (const w of wanted) {
    if (w.startsWith("-")) {
      const re = glob(w.slice(1));
      chosen = new Set([...chosen].filter((i) => !re.test(i)));
    } else for (const i of all) if (glob(w).test(i)) chosen.add(i);
  }
  return all.filter((i) => chosen.has(i));
}

/** Pure: the indices a restore writes, each from the snapshot's index it comes from. */
export function restoreTargets(
  input: Extract<ClusterAdminInput, { action: "backup-restore" }>,
  snapshotIndices: string[],
): { from: string; to: string }[] {
  const chosen = selectIndices(snapshotIndices, input.tables);
  if (chosen.length === 0)
    throw new QuarryError(
      "invalid_input",
      `No index of snapshot ${input.backup} matches ${input.tables.join(",")}`,
      `Choose among its indices: ${snapshotIndices.join(", ") || "(none)"}.`,
    );
  let targets: { from: string; to: string }[];
  try {
    targets = chosen.map((from) => ({
      from,
      to: renamed(from, input.renamePattern, input.renameReplacement),
    }));
  } catch (e) {
    throw new QuarryError(
      "invalid_input",
      `The rename pattern ${input.renamePattern} is not a regular expression: ${(e as Error).message}`,
      "Write a regular expression such as (.+), and a replacement such as restored-$1.",
    );
  }
  const seen = new Set<string>();
  for (const t of targets) {
    if (t.to === "" || seen.has(t.to))
      throw new QuarryError(
        "invalid_input",
        `The rename makes ${t.to === "" ? "an empty name" : `${t.to} twice`}`,
        "Choose a replacement that keeps each restored index's name apart, e.g. restored-$1.",
      );
    seen.add(t.to);
  }
  return targets;
}

/** Pure: the plan of one action; `facts` are needed by a restore only. */
export function planSnapshotAction(input: SnapshotInput, facts?: RestoreFacts): ClusterAdminPlan {
  const { requests, summary, confirmName, affects } = requestsFor(input, facts);
  const main = requests[requests.length - 1] as ConsoleRequest;
  return {
    input,
    requests,
    shown: requests,
    classification: classifyRequest(main),
    confirmName,
    summary,
    affects,
  };
}

interface Planned {
  requests: ConsoleRequest[];
  summary: string;
  confirmName: string | null;
  affects: string[];
}

function requestsFor(input: SnapshotInput, facts: RestoreFacts | undefined): Planned {
  switch (input.action) {
    case "repository-register":
      return {
        requests: [
          {
            method: "PUT",
            path: repoPath(input.repository),
            body: { type: input.type, settings: input.settings },
          },
        ],
        summary: `registers the ${input.type} repository ${input.repository}`,
        confirmName: null,
        affects: [input.repository],
      };
    case "repository-verify":
      return {
        requests: [{ method: "POST", path: `${repoPath(input.repository)}/_verify` }],
        summary: `checks that every node can write to the repository ${input.repository}`,
        confirmName: null,
        affects: [input.repository],
      };
    case "repository-remove":
      return {
        requests: [{ method: "DELETE", path: repoPath(input.repository) }],
        summary: `removes the repository ${input.repository} from the cluster (its files stay where they are, and its snapshots can no longer be restored until it is registered again)`,
        confirmName: input.repository,
        affects: [input.repository],
      };
    case "backup-create":
      return {
        requests: [
          {
            method: "PUT",
            path: `${snapPath(input.repository, input.backup)}?wait_for_completion=false`,
            body: {
              ...(input.tables.length > 0 ? { indices: input.tables.join(",") } : {}),
              include_global_state: input.includeGlobalState,
            },
          },
        ],
        summary: `takes the snapshot ${input.backup} of ${input.tables.join(", ") || "every index"}${input.includeGlobalState ? " with the cluster's global state" : ""} into ${input.repository}`,
        confirmName: null,
        affects: [input.backup],
      };
    case "backup-delete":
      return {
        requests: [{ method: "DELETE", path: snapPath(input.repository, input.backup) }],
        summary: `deletes the snapshot ${input.backup} from ${input.repository}, with no undo`,
        confirmName: input.backup,
        affects: [input.backup],
      };
    case "backup-restore":
      return restorePlan(input, facts ?? { snapshotIndices: [], existing: {} });
  }
}

/**
 * A restore writes new indices freely; over existing ones it asks for their names typed, and an
 * open one is closed first, since the cluster restores only into a closed or missing index
 * (docs/decisions.md, "Restoring over an index").
 */
function restorePlan(
  input: Extract<ClusterAdminInput, { action: "backup-restore" }>,
  facts: RestoreFacts,
): Planned {
  const targets = restoreTargets(input, facts.snapshotIndices);
  const over = targets.filter((t) => facts.existing[t.to] !== undefined).map((t) => t.to);
  const open = over.filter((t) => facts.existing[t] === "open");
  const renaming = Boolean(input.renamePattern);
  const body: Record<string, unknown> = {
    indices: targets.map((t) => t.from).join(","),
    include_global_state: input.includeGlobalState ?? false,
    // Aliases restored beside the original would point at both copies.
    ...(renaming
      ? {
          rename_pattern: input.renamePattern,
          rename_replacement: input.renameReplacement ?? "",
          include_aliases: false,
        }
      : {}),
  };
  const requests: ConsoleRequest[] = [];
  if (open.length > 0)
    requests.push({ method: "POST", path: `/${open.map((i) => pathSegment(i)).join(",")}/_close` });
  requests.push({
    method: "POST",
    path: `${snapPath(input.repository, input.backup)}/_restore?wait_for_completion=true`,
    body,
  });
  const into = targets.map((t) => (t.from === t.to ? t.to : `${t.from} as ${t.to}`)).join(", ");
  const overText =
    over.length > 0
      ? `, replacing the existing ${over.join(", ")}${open.length > 0 ? ` (closed first: ${open.join(", ")})` : ""}`
      : "";
  return {
    requests,
    summary: `restores ${into} from the snapshot ${input.backup}${overText}`,
    confirmName: over.length > 0 ? over.join(",") : null,
    affects: targets.map((t) => t.to),
  };
}
