/**
 * The admin class of the one classifier (classify.ts): requests that change who can do what on the
 * cluster or how it runs. They need the same confirmation as destructive ones, and are named for
 * what they change. Pure.
 *
 * Families (docs/mcp.md lists them with reasons): security (anything but GET under `_security`,
 * except the POSTs that only check or query; GET `_security/enroll/*` too, which mints
 * credentials), cluster settings, reroute and voting exclusions, desired nodes and balance, the
 * license, node shutdown, reloading secure settings and clearing repository metering, snapshot
 * restore, snapshot deletion, repository registration, removal and cleanup, ILM and SLM policy
 * deletion and their start and stop, SLM retention, migration to data tiers, ingest pipeline and
 * geoip database deletion, index, component and legacy template deletion, feature reset and
 * system feature migration, autoscaling policies, ML and transform upgrade mode, Watcher start,
 * stop and settings, dangling indices, Fleet and connector secrets, encryption reset.
 *
 * 7.x and older spell x-pack APIs under `_xpack` (`/_xpack/security/user/x`, `/_xpack/license`):
 * they are judged as the modern spelling. Endpoints are matched in any case, as destructive ones
 * are (Elasticsearch routes case-sensitively, so another case is at worst an error); the POSTs that
 * only read are matched exactly, so no spelling turns an admin request into a read.
 */

type Family = (method: string, rest: string[], exact: string[]) => string | undefined;

/** A family that is admin whatever the method (GET never reaches it) and whatever follows. */
const always =
  (what: string): Family =>
  () =>
    what;

/** A family whose sub-endpoints (the first segment after it) are admin, each with its reason. */
const subs =
  (reasons: Record<string, string>): Family =>
  (_m, rest) =>
    Object.hasOwn(reasons, rest[0] ?? "") ? reasons[rest[0] as string] : undefined;

/** A family whose objects are admin to delete, and writes otherwise (`DELETE /_template/<t>`). */
const deleting =
  (what: string): Family =>
  (m) =>
    m === "DELETE" ? what : undefined;

/** The POSTs under `_security` that only check privileges or query, as Elasticsearch routes them. */
export function securityRead(rest: string[]): string | undefined {
  const r = rest.join("/");
  if (
    r === "user/_has_privileges" ||
    (rest.length === 3 && rest[0] === "user" && rest[2] === "_has_privileges") ||
    r === "profile/_has_privileges"
  )
    return "checks privileges";
  if (r === "profile/_suggest") return "suggests user profiles";
  if (rest[0] === "_query" && rest.length === 2) return "queries security entities";
  return undefined;
}

const SECURITY: Record<string, string> = {
  user: "changes a user, their password or whether they may log in",
  role: "changes roles (what users may do)",
  role_mapping: "changes role mappings (who gets which role)",
  api_key: "creates, grants, changes or invalidates API keys",
  cross_cluster: "creates or changes cross-cluster API keys",
  service: "creates or deletes service account credentials",
  privilege: "changes application privileges",
  profile: "changes user profiles",
  oauth2: "mints or invalidates access tokens",
  delegate_pki: "mints an access token for a certificate",
  oidc: "mints or invalidates OpenID Connect credentials",
  saml: "mints or invalidates SAML credentials",
  enroll: "mints enrollment credentials",
  settings: "changes security settings",
  realm: "clears realm caches (sessions and cached credentials)",
};

const security: Family = (method, rest, exact) => {
  if (method === "POST" && securityRead(exact)) return undefined;
  const what = Object.hasOwn(SECURITY, rest[0] ?? "") ? SECURITY[rest[0] as string] : undefined;
  return what ?? "changes security (users, roles or credentials)";
};

const snapshot: Family = (method, rest, exact) => {
  const repo = exact[0] ?? "";
  if (rest.at(-1) === "_restore")
    return "restores a snapshot: recreates or overwrites indices, and can restore cluster state";
  if (method === "DELETE")
    return rest.length >= 2
      ? `deletes the snapshot ${exact.slice(1).join("/")} from repository ${repo} (a backup, with no undo)`
      : `removes the snapshot repository ${repo}`;
  if (rest.length === 1) return `registers or changes the snapshot repository ${repo}`;
  if (rest.length === 2 && rest[1] === "_cleanup")
    return `deletes unreferenced data from the snapshot repository ${repo}`;
  return undefined;
};

const nodes: Family = (method, rest) => {
  if (rest.includes("shutdown")) return "prepares nodes for shutdown, or cancels it";
  if (rest.includes("reload_secure_settings")) return "reloads the nodes' secure settings";
  if (method === "DELETE" && rest.includes("_repositories_metering"))
    return "clears the nodes' repository metering archive";
  return undefined;
};

const FAMILIES: Record<string, Family> = {
  _security: security,
  _cluster: subs({
    settings: "changes cluster settings",
    reroute: "moves shards between nodes (reroute)",
    voting_config_exclusions: "changes which nodes may vote for the elected master",
  }),
  _internal: subs({
    desired_nodes: "changes the cluster's desired nodes",
    desired_balance: "resets the cluster's desired shard balance",
  }),
  _license: always("changes the cluster's license (including start_trial and start_basic)"),
  _nodes: nodes,
  _snapshot: snapshot,
  _ilm: (m, rest) =>
    m === "DELETE" && rest[0] === "policy"
      ? "deletes an ILM policy: the indices using it are no longer managed"
      : subs({
          start: "starts index lifecycle management for the whole cluster",
          stop: "stops index lifecycle management for the whole cluster",
          migrate_to_data_tiers: "migrates indices, policies and templates to data tiers",
        })(m, rest, rest),
  _slm: (m, rest) =>
    m === "DELETE" && rest[0] === "policy"
      ? "deletes a snapshot lifecycle policy: its backups stop"
      : subs({
          start: "starts snapshot lifecycle management",
          stop: "stops snapshot lifecycle management (scheduled backups stop)",
          _execute_retention: "deletes the snapshots past their retention",
        })(m, rest, rest),
  _ingest: (m, rest) =>
    m !== "DELETE"
      ? undefined
      : rest[0] === "pipeline"
        ? "deletes an ingest pipeline: writes that name it fail"
        : rest[0] === "geoip" || rest[0] === "ip_location"
          ? "deletes an IP location database configuration"
          : undefined,
  _index_template: deleting("deletes an index template: new indices are created without it"),
  _component_template: deleting("deletes a component template"),
  _template: deleting("deletes a legacy index template: new indices are created without it"),
  _features: subs({ _reset: "resets system features: deletes their state and system indices" }),
  _migration: subs({ system_features: "migrates system indices to the current version" }),
  _autoscaling: always("changes autoscaling policies (the cluster's capacity)"),
  _ml: subs({ set_upgrade_mode: "sets machine learning upgrade mode (pauses every job)" }),
  _transform: subs({ set_upgrade_mode: "sets transform upgrade mode (pauses every transform)" }),
  _watcher: subs({
    _start: "starts Watcher",
    _stop: "stops Watcher (every watch stops alerting)",
    _restart: "restarts Watcher",
    settings: "changes Watcher's settings",
  }),
  _dangling: always("imports or deletes a dangling index on the nodes' disks"),
  _fleet: subs({ secret: "stores or deletes a Fleet secret" }),
  _connector: subs({ _secret: "stores or deletes a connector secret" }),
  _encryption: always("resets the cluster's encryption keys"),
};

/**
 * Why a request is admin, or undefined when it is not. `endpoint` and `rest` are the route's first
 * `_` segment and what follows it (classify.ts's RequestRoute), as the request spells them.
 */
export function adminReason(
  method: string,
  endpoint: string | undefined,
  restAsSpelled: string[],
): string | undefined {
  if (endpoint === undefined) return undefined;
  let ep = endpoint.toLowerCase();
  let exact = restAsSpelled;
  if (ep === "_xpack" && exact.length > 0) {
    ep = `_${(exact[0] as string).toLowerCase()}`;
    exact = exact.slice(1);
  }
  const rest = exact.map((s) => s.toLowerCase());
  // Enrollment mints credentials on a GET; every other GET and HEAD only reads.
  if (method === "GET")
    return ep === "_security" && rest[0] === "enroll" ? SECURITY.enroll : undefined;
  if (method === "HEAD") return undefined;
  const family = Object.hasOwn(FAMILIES, ep) ? FAMILIES[ep] : undefined;
  return family?.(method, rest, exact);
}
