/**
 * Where passwords and API keys live: never in connections.json. The operating system's keyring
 * (macOS Keychain, Windows Credential Manager, the Secret Service on Linux desktops) through
 * @napi-rs/keyring when it answers; otherwise `secrets.json` in the app data folder, mode 0600,
 * written atomically under a lock.
 *
 * On Linux the keyring is pinned to the Secret Service: the library's fallback, the kernel keyring,
 * forgets everything at logout or reboot, which would silently lose saved passwords.
 *
 * QUARRY_SECRET_STORE=file|keyring forces one store (tests use `file` so they never touch the
 * person's real keyring); without it the keyring is used when it answers.
 */
import { chmod, stat } from "node:fs/promises";
import { join } from "node:path";
import type { ConnectionSecrets } from "../../core/driver.ts";
import { errors } from "../../core/errors.ts";
import { readJsonFile, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { ensurePrivateDir } from "./paths.ts";

export const SECRETS_FILE = "secrets.json";
/** The keyring service name; each connection is one entry whose account is the connection id. */
export const KEYRING_SERVICE = "Quarry";

export type SecretBackend = "keyring" | "file";

export interface SecretLocation {
  backend: SecretBackend;
  /** Where, for people: "the OS keyring (service Quarry)" or the secrets file's path. Never the secret. */
  description: string;
}

export interface SecretStore {
  /** Where new secrets are written. */
  readonly backend: SecretBackend;
  readonly description: string;
  /** Why the keyring is not used, when it is not (for `quarry connections show`). */
  readonly keyringUnavailable?: string;
  get(connectionId: string): Promise<ConnectionSecrets>;
  /** Replaces the connection's secrets; empty secrets delete them. */
  set(connectionId: string, secrets: ConnectionSecrets): Promise<void>;
  delete(connectionId: string): Promise<void>;
  /** Where this connection's secrets are stored, or undefined when it has none. */
  locate(connectionId: string): Promise<SecretLocation | undefined>;
}

/** One place secrets can be kept. */
interface Backend {
  get(id: string): Promise<ConnectionSecrets | undefined>;
  set(id: string, secrets: ConnectionSecrets): Promise<void>;
  /** Returns whether something was deleted. */
  delete(id: string): Promise<boolean>;
  readonly location: SecretLocation;
}

export async function openSecretStore(
  dir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SecretStore> {
  const choice = env.QUARRY_SECRET_STORE?.trim() || "auto";
  if (!["auto", "file", "keyring"].includes(choice)) {
    throw errors.invalidConfig(
      "QUARRY_SECRET_STORE",
      `"${choice}" is not a secret store`,
      "Set it to file or keyring, or unset it to use the keyring when available.",
    );
  }
  const file = new FileBackend(dir);
  if (choice === "file") return new SecretStoreImpl(file, undefined, "QUARRY_SECRET_STORE=file");
  const probe = await openKeyring();
  if ("backend" in probe) return new SecretStoreImpl(file, probe.backend);
  if (choice === "keyring") {
    throw errors.storageFailed(
      `The OS keyring is not available: ${probe.reason}`,
      "Unlock or start the keyring (on Linux a Secret Service such as GNOME Keyring or KWallet), or unset QUARRY_SECRET_STORE to keep secrets in the 0600 secrets file.",
    );
  }
  return new SecretStoreImpl(file, undefined, probe.reason);
}

class SecretStoreImpl implements SecretStore {
  readonly backend: SecretBackend;
  readonly description: string;
  readonly keyringUnavailable?: string;
  readonly #file: FileBackend;
  readonly #keyring: Backend | undefined;

  constructor(file: FileBackend, keyring: Backend | undefined, keyringUnavailable?: string) {
    this.#file = file;
    this.#keyring = keyring;
    this.backend = keyring ? "keyring" : "file";
    this.description = (keyring ?? file).location.description;
    if (keyringUnavailable) this.keyringUnavailable = keyringUnavailable;
  }

  // The file is also read when the keyring is used: secrets saved while the keyring was
  // unavailable (e.g. over SSH) stay usable until they are next saved, which moves them.
  async get(id: string): Promise<ConnectionSecrets> {
    return (await this.#keyring?.get(id)) ?? (await this.#file.get(id)) ?? {};
  }

  async set(id: string, secrets: ConnectionSecrets): Promise<void> {
    const clean = onlySecrets(secrets);
    if (Object.keys(clean).length === 0) return this.delete(id);
    if (this.#keyring) {
      await this.#keyring.set(id, clean);
      await this.#file.delete(id);
    } else {
      await this.#file.set(id, clean);
    }
  }

  async delete(id: string): Promise<void> {
    await this.#keyring?.delete(id);
    await this.#file.delete(id);
  }

  async locate(id: string): Promise<SecretLocation | undefined> {
    if (this.#keyring && (await this.#keyring.get(id))) return this.#keyring.location;
    if (await this.#file.get(id)) return this.#file.location;
    return undefined;
  }
}

function onlySecrets(secrets: ConnectionSecrets): ConnectionSecrets {
  const out: ConnectionSecrets = {};
  if (typeof secrets.password === "string") out.password = secrets.password;
  if (typeof secrets.apiKey === "string") out.apiKey = secrets.apiKey;
  if (typeof secrets.clientKeyPassphrase === "string")
    out.clientKeyPassphrase = secrets.clientKeyPassphrase;
  if (typeof secrets.proxyPassword === "string") out.proxyPassword = secrets.proxyPassword;
  if (typeof secrets.sshPassphrase === "string") out.sshPassphrase = secrets.sshPassphrase;
  return out;
}

interface SecretsFile {
  version: number;
  secrets: Record<string, ConnectionSecrets>;
}

/** `secrets.json`: 0600 in the 0700 app data folder, replaced atomically under a lock. */
class FileBackend implements Backend {
  readonly dir: string;
  readonly path: string;
  readonly location: SecretLocation;

  constructor(dir: string) {
    this.dir = dir;
    this.path = join(dir, SECRETS_FILE);
    this.location = { backend: "file", description: `${this.path} (mode 0600)` };
  }

  async get(id: string): Promise<ConnectionSecrets | undefined> {
    const entry = (await this.#read()).secrets[id];
    return entry ? onlySecrets(entry) : undefined;
  }

  async set(id: string, secrets: ConnectionSecrets): Promise<void> {
    await this.#change((file) => {
      file.secrets[id] = secrets;
      return true;
    });
  }

  async delete(id: string): Promise<boolean> {
    if (!(await this.get(id))) return false;
    return this.#change((file) => {
      if (!Object.hasOwn(file.secrets, id)) return false;
      delete file.secrets[id];
      return true;
    });
  }

  async #read(): Promise<SecretsFile> {
    const st = await stat(this.path).catch(() => undefined);
    // Someone loosened the mode by hand: tighten it again before anything else reads it.
    if (st && process.platform !== "win32" && (st.mode & 0o077) !== 0)
      await chmod(this.path, 0o600);
    const file = await readJsonFile<SecretsFile | undefined>(this.path, undefined);
    if (file === undefined) return { version: 1, secrets: {} };
    if (
      typeof file !== "object" ||
      file === null ||
      typeof file.secrets !== "object" ||
      file.secrets === null
    ) {
      throw errors.storageFailed(
        `${this.path} is not a valid secrets file`,
        "Quarry has not changed it. Repair it, or move it aside and enter the connections' passwords again (quarry connections edit <name> --password-stdin).",
        { path: this.path },
        "Quarry has not changed it. Repair it, or move it aside and type the connections' passwords again in their editors (Edit on the Connections screen).",
      );
    }
    return file;
  }

  async #change(mutate: (file: SecretsFile) => boolean): Promise<boolean> {
    await ensurePrivateDir(this.dir);
    return withFileLock(`${this.path}.lock`, async () => {
      const file = await this.#read();
      const changed = mutate(file);
      if (changed)
        await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
      return changed;
    });
  }
}

type KeyringModule = typeof import("@napi-rs/keyring");

/** The OS keyring, if it answers a harmless read. */
async function openKeyring(): Promise<{ backend: Backend } | { reason: string }> {
  let keyring: KeyringModule;
  try {
    keyring = await import("@napi-rs/keyring");
  } catch (e) {
    return { reason: `the keyring library cannot load on this platform (${firstLine(e)})` };
  }
  // Linux: the Secret Service only (the kernel keyring does not survive a reboot).
  const options = { linux: { store: "secret-service" as const } };
  const entry = (id: string) => new keyring.AsyncEntry(KEYRING_SERVICE, id, options);
  try {
    await entry("quarry-probe").getPassword();
  } catch (e) {
    return { reason: firstLine(e) };
  }
  const location: SecretLocation = {
    backend: "keyring",
    description: `the OS keyring (${keyringName()}, service "${KEYRING_SERVICE}")`,
  };
  const fail = (action: string, id: string, e: unknown) =>
    errors.storageFailed(
      `Cannot ${action} the secrets of connection ${id} in the OS keyring: ${firstLine(e)}`,
      "Unlock the keyring and allow Quarry to use it, then try again.",
      { connectionId: id },
    );
  return {
    backend: {
      location,
      async get(id) {
        let text: string | null;
        try {
          text = await entry(id).getPassword();
        } catch (e) {
          throw fail("read", id, e);
        }
        if (text === null) return undefined;
        try {
          return onlySecrets(JSON.parse(text) as ConnectionSecrets);
        } catch {
          throw errors.storageFailed(
            `The keyring entry of connection ${id} (service "${KEYRING_SERVICE}") is not Quarry's format`,
            "Enter the connection's password or API key again (quarry connections edit <name> --password-stdin).",
            { connectionId: id },
            "Type the connection's password or API key again in its editor (Edit on the Connections screen).",
          );
        }
      },
      async set(id, secrets) {
        try {
          await entry(id).setPassword(JSON.stringify(secrets));
        } catch (e) {
          throw fail("save", id, e);
        }
      },
      async delete(id) {
        try {
          return await entry(id).deleteCredential();
        } catch (e) {
          throw fail("delete", id, e);
        }
      },
    },
  };
}

function keyringName(): string {
  if (process.platform === "darwin") return "macOS Keychain";
  if (process.platform === "win32") return "Windows Credential Manager";
  return "Secret Service";
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "";
}
