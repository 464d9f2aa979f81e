/**
 * SSH tunnels through a bastion (`ssh2`): one SSH connection per connection's tunnel settings,
 * shared by every session of that connection and closed with the last one. Each cluster node gets
 * a listening socket on 127.0.0.1 whose accepted sockets are piped into `forwardOut` streams, so
 * undici's pools and Node's TLS work on plain sockets as they do without a tunnel. The bastion's
 * key is checked against known_hosts before anything is sent (known-hosts.ts).
 */
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import type { Client, ConnectConfig } from "ssh2";
import { errors, type QuarryError } from "../../../core/errors.ts";
import { checkHostKey, knownHostsLine } from "./known-hosts.ts";
import { formatNode, type NodeAddress, parseSsh, type RouteSettings } from "./routes.ts";

/** A node reached through the tunnel: connect to 127.0.0.1:port. */
export interface TunnelLease {
  port: number;
  /** False once the SSH connection has ended: a new lease opens a new one. */
  alive(): boolean;
  release(): Promise<void>;
}

const sshFailed = (step: string, reason: string, remedy: string, ssh: string) =>
  errors.connectionFailed(reason, remedy, { step, ssh });

/** The ~/.ssh/known_hosts of the user running Quarry, unless the connection names one. */
export function knownHostsPath(r: RouteSettings): string {
  return r.sshKnownHosts ?? join(homedir(), ".ssh", "known_hosts");
}

class Tunnel {
  readonly #client: Client;
  readonly #listeners = new Map<string, Promise<Server>>();
  #ended = false;
  users = 0;

  constructor(client: Client) {
    this.#client = client;
    this.#client.on("close", () => {
      this.#ended = true;
      for (const l of this.#listeners.values()) void l.then((s) => s.close()).catch(() => {});
    });
    this.#client.on("error", () => {});
  }

  get alive(): boolean {
    return !this.#ended;
  }

  /** Connects and authenticates; refuses a bastion whose key is new (unless accepted) or changed. */
  async open(r: RouteSettings, passphrase: string | undefined): Promise<void> {
    const ssh = parseSsh(r.ssh ?? "");
    const where = `${ssh.username}@${formatNode(ssh)}`;
    const config: ConnectConfig = {
      host: ssh.host,
      port: ssh.port,
      username: ssh.username,
      readyTimeout: 20_000,
      keepaliveInterval: 15_000,
      // AES-GCM runs in Node's own crypto; ssh2's first choice, ChaCha20-Poly1305, runs partly
      // in JavaScript without its native add-on (not bundled) and is several times slower.
      algorithms: {
        cipher: [
          "aes128-gcm@openssh.com",
          "aes256-gcm@openssh.com",
          "aes128-ctr",
          "aes256-ctr",
          "chacha20-poly1305@openssh.com",
        ],
      },
    };
    if (r.sshKey) {
      try {
        config.privateKey = await readFile(r.sshKey);
      } catch (e) {
        throw sshFailed(
          "ssh_auth",
          `the SSH key ${r.sshKey} cannot be read (${(e as NodeJS.ErrnoException).code})`,
          "Choose a private key file you can read (--ssh-key).",
          where,
        );
      }
      if (passphrase) config.passphrase = passphrase;
    } else if (process.env.SSH_AUTH_SOCK) config.agent = process.env.SSH_AUTH_SOCK;
    else {
      throw sshFailed(
        "ssh_auth",
        "the SSH tunnel has no key and no ssh-agent is running",
        "Give a private key (--ssh-key), or start ssh-agent and add the key (SSH_AUTH_SOCK).",
        where,
      );
    }
    let refusal: QuarryError | undefined;
    config.hostVerifier = await hostVerifier(r, (e) => {
      refusal = e;
    });
    await new Promise<void>((resolve, reject) => {
      const fail = (e: Error & { level?: string }) => reject(refusal ?? sshError(e, where));
      this.#client.once("ready", () => {
        this.#client.off("error", fail);
        // Small requests and answers (a page) must not wait on Nagle's algorithm at either end.
        this.#client.setNoDelay(true);
        resolve();
      });
      this.#client.once("error", fail);
      try {
        this.#client.connect(config);
      } catch (e) {
        fail(e as Error);
      }
    });
  }

  /** The local port that reaches `node` through the bastion. */
  listen(node: NodeAddress): Promise<Server> {
    const id = formatNode(node);
    let server = this.#listeners.get(id);
    if (!server) {
      server = new Promise<Server>((resolve, reject) => {
        const s = createServer((socket) => this.#forward(socket, node));
        s.once("error", reject);
        s.listen(0, "127.0.0.1", () => resolve(s));
      });
      this.#listeners.set(id, server);
    }
    return server;
  }

  #forward(socket: Socket, node: NodeAddress): void {
    socket.setNoDelay(true);
    this.#client.forwardOut("127.0.0.1", 0, node.host, node.port, (err, stream) => {
      if (err) {
        socket.destroy();
        return;
      }
      socket.pipe(stream).pipe(socket);
      socket.on("error", () => stream.destroy());
      stream.on("error", () => socket.destroy());
      socket.on("close", () => stream.destroy());
    });
  }

  async close(): Promise<void> {
    for (const l of this.#listeners.values()) {
      const s = await l.catch(() => undefined);
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
    }
    this.#client.end();
  }
}

/**
 * ssh2's host key check: a key in known_hosts passes; a new host's key passes only when its
 * fingerprint was accepted (it is then added); anything else is refused through `refuse`.
 */
async function hostVerifier(r: RouteSettings, refuse: (e: QuarryError) => void) {
  const ssh = parseSsh(r.ssh ?? "");
  const where = `${ssh.username}@${formatNode(ssh)}`;
  const knownFile = knownHostsPath(r);
  const known = await readFile(knownFile, "utf8").catch(() => "");
  return (blob: Buffer, verify: (ok: boolean) => void) => {
    const verdict = checkHostKey(known, ssh.host, ssh.port, blob);
    if (verdict.kind === "known") return verify(true);
    if (verdict.kind === "unknown" && verdict.fingerprint === r.sshAcceptHostKey) {
      void addKnownHost(knownFile, knownHostsLine(ssh.host, ssh.port, blob)).then(
        () => verify(true),
        (e: NodeJS.ErrnoException) => {
          refuse(
            sshFailed(
              "host_key",
              `the bastion's key could not be added to ${knownFile} (${e.code})`,
              "Make the known_hosts file writable, or name another (--ssh-known-hosts).",
              where,
            ),
          );
          verify(false);
        },
      );
      return;
    }
    refuse(
      verdict.kind === "unknown"
        ? sshFailed(
            "host_key",
            `the SSH bastion ${formatNode(ssh)} is not in ${knownFile}; its key is ${verdict.fingerprint}`,
            `If that is the bastion's fingerprint (ask its administrator), accept it once: --ssh-accept-host-key ${verdict.fingerprint}`,
            where,
          )
        : sshFailed(
            "host_key",
            `the SSH bastion's key changed: it shows ${verdict.fingerprint}, ${knownFile} holds ${verdict.expected.join(", ")}; nothing was sent`,
            `If the bastion's key was replaced on purpose, remove its old line from ${knownFile} (ssh-keygen -R ${formatNode(ssh)} -f ${knownFile}) and connect again; otherwise someone may be in between.`,
            where,
          ),
    );
    verify(false);
  };
}

async function addKnownHost(file: string, line: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await appendFile(file, line, { mode: 0o600 });
}

/** ssh2's failures in words: which step and what to do. */
export function sshError(e: Error & { level?: string; code?: string }, where: string): QuarryError {
  const msg = e.message ?? String(e);
  if (/passphrase|bad decrypt|encrypted/i.test(msg)) {
    return sshFailed(
      "ssh_auth",
      "the SSH key's passphrase is wrong or missing",
      "Give the key's passphrase on standard input (--ssh-passphrase-stdin).",
      where,
    );
  }
  if (/Cannot parse privateKey/i.test(msg)) {
    return sshFailed(
      "ssh_auth",
      `the SSH key cannot be read as a private key (${msg.replace(/^Cannot parse privateKey: /, "")})`,
      "Choose the private key file (not the .pub one), in OpenSSH or PEM form (--ssh-key).",
      where,
    );
  }
  if (e.level === "client-authentication") {
    return sshFailed(
      "ssh_auth",
      `the SSH bastion ${where} refused the key`,
      "Check the user and that the key's public half is in the bastion's authorized_keys.",
      where,
    );
  }
  if (e.code === "ECONNREFUSED" || e.code === "ENOTFOUND" || e.level === "client-timeout") {
    return sshFailed(
      "tcp",
      `the SSH bastion ${where} cannot be reached (${e.code ?? "timeout"})`,
      "Check the bastion's host and port (--ssh user@host:port) and that sshd runs there.",
      where,
    );
  }
  return sshFailed(
    "tcp",
    `the SSH tunnel through ${where} failed (${msg})`,
    "Check the SSH tunnel settings.",
    where,
  );
}

/**
 * ssh2 is loaded with the first tunnel: most connections have none, and every command would
 * otherwise pay for it at start (about 10 ms of CPU and 2 MB, measured on the driver's bundle).
 */
async function openTunnel(r: RouteSettings, passphrase: string | undefined): Promise<Tunnel> {
  const { Client } = await import("ssh2");
  const tunnel = new Tunnel(new Client());
  await tunnel.open(r, passphrase);
  return tunnel;
}

/**
 * The tunnels of one driver (one plugin activation), by their settings: sessions of the same
 * connection share one SSH connection; it ends when the last lease is released.
 */
export class SshTunnels {
  readonly #open = new Map<string, Promise<Tunnel>>();

  async lease(r: RouteSettings, passphrase: string | undefined, node: NodeAddress) {
    const key = JSON.stringify([r.ssh, r.sshKey ?? "", knownHostsPath(r), passphrase ?? ""]);
    let pending = this.#open.get(key);
    const current = pending ? await pending.catch(() => undefined) : undefined;
    if (!current?.alive) {
      pending = openTunnel(r, passphrase);
      this.#open.set(key, pending);
      pending.catch(() => this.#open.delete(key));
    }
    const tunnel = await (pending as Promise<Tunnel>);
    tunnel.users += 1;
    let released = false;
    const server = await tunnel.listen(node);
    const lease: TunnelLease = {
      port: (server.address() as { port: number }).port,
      alive: () => tunnel.alive,
      release: async () => {
        if (released) return;
        released = true;
        tunnel.users -= 1;
        if (tunnel.users > 0) return;
        if (this.#open.get(key) && (await this.#open.get(key)) === tunnel) this.#open.delete(key);
        await tunnel.close();
      },
    };
    return lease;
  }

  /** How many SSH connections are open (for tests of sharing). */
  get size(): number {
    return this.#open.size;
  }
}
