/**
 * Database types, the connection editor's form, and saved connections: list, show, validate,
 * create, edit, remove, test. Adapters over the connection service and the driver's own rules.
 */
import { Hono } from "hono";
import { z } from "zod";
import { withStep } from "../../../../core/connection-steps.ts";
import {
  AI_POLICIES,
  AI_POLICY_LABELS,
  DEFAULT_AI_POLICY,
  DEFAULT_EXTERNAL_CLIENTS,
  EXTERNAL_CLIENT_LABELS,
  EXTERNAL_CLIENT_LEVELS,
  type SavedConnection,
} from "../../../../core/connections.ts";
import type { ConnectionSecrets } from "../../../../core/driver.ts";
import { errors } from "../../../../core/errors.ts";
import {
  addConnection,
  describeConnection,
  editConnection,
  openSavedConnection,
  removeConnection,
  type SecretsChange,
} from "../../../connections/connection-service.ts";
import {
  type InstalledDriver,
  installedDriver,
  installedTypes,
  loadInstalledDrivers,
} from "../../../connections/driver-registry.ts";
import type { ConnectionForm, ConnectionView, DatabaseType, ServerInfo } from "../contract.ts";
import { answer, type Handler, param } from "../handlers.ts";
import { databaseTypeView } from "../plugin-views.ts";
import type { UiServices } from "../services.ts";
import { anyObject } from "../shapes.ts";

export function connectionRoutes(app: UiServices) {
  return new Hono().route("/", savedConnectionRoutes(app)).route("/", connectionChangeRoutes(app));
}

/** The drivers, the saved connections, and saving a new one. */
function savedConnectionRoutes(app: UiServices) {
  return new Hono()
    .get(
      "/drivers",
      answer(async (): Promise<DatabaseType[]> => {
        if (app.plugins) return (await app.plugins.databaseTypes()).map(databaseTypeView);
        return installedTypes().flatMap((type) => {
          const driver = installedDriver(type);
          if (!driver) return [];
          return [
            {
              type,
              displayName: driver.displayName,
              installed: true,
              installedVersion: null,
              availableVersion: null,
            },
          ];
        });
      }),
    )
    .get(
      "/drivers/:type/form",
      answer({ param: param("type") }, async (_req, { type }) =>
        formFor(await requireDriver(app, type)),
      ),
    )
    .get(
      "/connections",
      answer(async (): Promise<ConnectionView[]> => {
        const all = await app.storage.connections.list();
        return Promise.all(all.map((c) => view(app, c)));
      }),
    )
    .get(
      "/connections/:id",
      answer({ param: param("id") }, async (_req, { id }) =>
        view(app, await app.storage.connections.require(id)),
      ),
    )
    .post(
      "/connections/validate",
      answer({ json: z.object({ type: typeName, settings: anyObject }) }, async (req) => {
        (await requireDriver(app, req.body.type)).validateConfig(req.body.settings);
        return { ok: true };
      }),
    )
    .post(
      "/connections",
      answer({ json: connectionInput }, async (req) => {
        const input = req.body;
        const saved = await addConnection(
          app.storage,
          {
            name: input.name,
            type: input.type,
            settings: input.settings,
            externalClients: input.externalClients,
            aiPolicy: input.aiPolicy,
          },
          secretsToSet(input.secrets),
        );
        return view(app, saved);
      }),
    );
}

/** Editing, removing and testing connections. */
function connectionChangeRoutes(app: UiServices) {
  return new Hono()
    .put(
      "/connections/:id",
      answer({ param: param("id"), json: connectionInput }, async (req, { id }) => {
        const input = req.body;
        const current = await app.storage.connections.require(id);
        const driver = await loadedDriver(app, current.type);
        // The editor sends the whole settings: keys it no longer has are removed.
        const settings = driver ? driver.validateConfig(input.settings) : input.settings;
        const patchSettings: Record<string, unknown> = { ...settings };
        for (const key of Object.keys(current.settings))
          if (!(key in settings)) patchSettings[key] = null;
        const change: SecretsChange = {};
        const given = secretsToSet(input.secrets);
        if (given.password !== undefined) change.password = given.password;
        if (given.apiKey !== undefined) change.apiKey = given.apiKey;
        if (given.clientKeyPassphrase !== undefined)
          change.clientKeyPassphrase = given.clientKeyPassphrase;
        if (given.proxyPassword !== undefined) change.proxyPassword = given.proxyPassword;
        if (given.sshPassphrase !== undefined) change.sshPassphrase = given.sshPassphrase;
        const saved = await editConnection(
          app.storage,
          current.id,
          {
            name: input.name,
            settings: patchSettings,
            externalClients: input.externalClients,
            aiPolicy: input.aiPolicy,
          },
          change,
        );
        await app.forget(current.id);
        return view(app, saved);
      }),
    )
    .delete(
      "/connections/:id",
      answer({ param: param("id") }, async (_req, { id }) => {
        const removed = await removeConnection(app.storage, id);
        await app.forget(removed.id);
        return { ok: true };
      }),
    )
    .post("/connections/test", answer({ json: testInput }, testSettings(app)))
    .post(
      "/connections/:id/test",
      answer({ param: param("id") }, (_req, { id }) =>
        // A session of its own: the connection's jobs and grids go on while it is tested.
        app.live.once(
          async () => (await openSavedConnection(id, app.storage)).session,
          (session) =>
            session.testConnection().catch((e: unknown) => {
              throw withStep(e);
            }),
        ),
      ),
    );
}

/** Tests settings as typed (saved or not); secrets left untouched come from the saved ones. */
function testSettings(app: UiServices): Handler<ServerInfo, { json: typeof testInput }> {
  return async (req) => {
    const body = req.body;
    const driver = await requireDriver(app, body.type);
    const config = driver.validateConfig(body.settings);
    const stored: ConnectionSecrets = body.id ? await app.storage.secrets.get(body.id) : {};
    const given = secretsToSet(body.secrets);
    const used = driver.secretFields(config);
    const secrets: ConnectionSecrets = {};
    for (const f of used) {
      const v = given[f] ?? stored[f];
      if (v !== undefined) secrets[f] = v;
    }
    driver.validateSecrets(config, secrets);
    return app.live.once(
      () => driver.connect(config, secrets),
      (session) =>
        session.testConnection().catch((e: unknown) => {
          throw withStep(e);
        }),
    );
  };
}

async function view(app: UiServices, c: SavedConnection): Promise<ConnectionView> {
  const d = await describeConnection(app.storage, c);
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    settings: c.settings,
    externalClients: c.externalClients,
    aiPolicy: c.aiPolicy,
    hasPassword: d.secret.stored.includes("password"),
    hasApiKey: d.secret.stored.includes("apiKey"),
    storedSecrets: [...d.secret.stored],
    driverInstalled: d.driverInstalled,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** The connection editor of a driver's type: the driver's settings form, then the policies. */
export function formFor(driver: InstalledDriver): ConnectionForm {
  return {
    type: driver.type,
    displayName: driver.displayName,
    defaults: driver.newSettings(),
    settings: driver.settingsForm(),
    externalClients: EXTERNAL_CLIENT_LEVELS.map((value) => ({
      value,
      label: EXTERNAL_CLIENT_LABELS[value],
    })),
    aiPolicies: AI_POLICIES.map((value) => ({ value, label: AI_POLICY_LABELS[value] })),
    defaultExternalClients: DEFAULT_EXTERNAL_CLIENTS,
    defaultAiPolicy: DEFAULT_AI_POLICY,
  };
}

/** A loaded driver; plugins installed since the last look (another process, the CLI) are loaded. */
async function loadedDriver(app: UiServices, type: string): Promise<InstalledDriver | undefined> {
  const now = installedDriver(type);
  if (now) return now;
  await loadInstalledDrivers(app.storage.dir);
  return installedDriver(type);
}

export async function requireDriver(app: UiServices, type: string): Promise<InstalledDriver> {
  const d = await loadedDriver(app, type);
  if (!d) throw errors.driverNotInstalled(type, type);
  return d;
}

/** A database type's name, as the page sends it (a number or an object is a broken page). */
const typeName = z.string({ error: "must be a database type's name, e.g. elasticsearch" });

/** Secrets sent by the editor (contract.ts, SecretsInput). */
const secretsInput = z
  .object({
    password: z.string().optional(),
    apiKey: z.string().optional(),
    clientKeyPassphrase: z.string().optional(),
    proxyPassword: z.string().optional(),
    sshPassphrase: z.string().optional(),
  })
  .optional();

/** A connection as the editor saves it (contract.ts, ConnectionInput). */
const connectionInput = z.object({
  name: z.string(),
  type: typeName,
  settings: anyObject,
  secrets: secretsInput,
  externalClients: z.enum(EXTERNAL_CLIENT_LEVELS).optional(),
  aiPolicy: z.enum(AI_POLICIES).optional(),
});

/** Settings to test, saved or not (contract.ts, TestInput). */
const testInput = z.object({
  id: z.string().optional(),
  type: typeName,
  settings: anyObject,
  secrets: secretsInput,
});

/** Secrets the editor typed: an empty or missing field means "keep what is saved". */
function secretsToSet(s: z.output<typeof secretsInput>): ConnectionSecrets {
  const out: ConnectionSecrets = {};
  if (typeof s?.password === "string" && s.password !== "") out.password = s.password;
  if (typeof s?.apiKey === "string" && s.apiKey !== "") out.apiKey = s.apiKey;
  if (typeof s?.clientKeyPassphrase === "string" && s.clientKeyPassphrase !== "")
    out.clientKeyPassphrase = s.clientKeyPassphrase;
  if (s?.proxyPassword) out.proxyPassword = s.proxyPassword;
  if (s?.sshPassphrase) out.sshPassphrase = s.sshPassphrase;
  return out;
}
