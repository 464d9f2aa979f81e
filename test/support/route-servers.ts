/**
 * The real servers a connection goes through, started by a test on loopback in a folder of its
 * own and stopped by their pid: Debian's tinyproxy (an HTTP proxy, optionally asking for a
 * sign-in) and OpenSSH's sshd (a bastion with its own host key, key-only sign-in for the user
 * running the test). Installed by apt-get through scripts/system-packages.ts.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ensureSystemPackages } from "../../scripts/system-packages.ts";
import { waitFor } from "./quarry.ts";

/** A free loopback port (taken and given back). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
    s.connect(port, "127.0.0.1");
  });
}

export interface RunningServer {
  port: number;
  dir: string;
  child: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

async function run(
  cmd: string,
  args: string[],
  port: number,
  dir: string,
  what: string,
): Promise<RunningServer> {
  let out = "";
  const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (c) => {
    out += c;
  });
  child.stderr?.on("data", (c) => {
    out += c;
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  await waitFor(async () => {
    if (exited) throw new Error(`${what} exited: ${out}`);
    return accepts(port);
  }, `${what} on port ${port}`);
  return {
    port,
    dir,
    child,
    log: () => out,
    stop: async () => {
      if (!exited && child.pid) {
        process.kill(child.pid, "SIGTERM");
        await waitFor(() => exited, `${what} to stop`);
      }
    },
  };
}

/** tinyproxy on loopback; with `basicAuth`, a 407 for any request without that user. */
export async function startTinyproxy(basicAuth?: {
  user: string;
  password: string;
}): Promise<RunningServer> {
  ensureSystemPackages(["tinyproxy"]);
  const dir = mkdtempSync(join(tmpdir(), "qt-tinyproxy-"));
  const port = await freePort();
  const conf = join(dir, "tinyproxy.conf");
  writeFileSync(
    conf,
    [
      `Port ${port}`,
      "Listen 127.0.0.1",
      "Allow 127.0.0.1",
      "Timeout 60",
      "MaxClients 50",
      "LogLevel Info",
      // No ConnectPort line: CONNECT to any port (the test nodes listen on high ports).
      ...(basicAuth ? [`BasicAuth ${basicAuth.user} ${basicAuth.password}`] : []),
      "",
    ].join("\n"),
  );
  const server = await run("/usr/bin/tinyproxy", ["-d", "-c", conf], port, dir, "tinyproxy");
  const stop = server.stop;
  return {
    ...server,
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Sshd extends RunningServer {
  user: string;
  /** An ed25519 key the bastion accepts, with and without a passphrase. */
  key: string;
  encryptedKey: string;
  passphrase: string;
  /** A key the bastion does not know. */
  strangerKey: string;
  /** The bastion's host key line for a known_hosts file. */
  knownHostsLine(): string;
  /** Restarts with a new host key (the "host key changed" case). */
  changeHostKey(): Promise<void>;
}

function keygen(path: string, passphrase = ""): void {
  execFileSync("ssh-keygen", [
    "-q",
    "-t",
    "ed25519",
    "-N",
    passphrase,
    "-f",
    path,
    "-C",
    "quarry-test",
  ]);
}

/** sshd on loopback with its own host key, key-only sign-in, TCP forwarding on. */
export async function startSshd(): Promise<Sshd> {
  ensureSystemPackages(["openssh-server"]);
  mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
  const dir = mkdtempSync(join(tmpdir(), "qt-sshd-"));
  chmodSync(dir, 0o700);
  const port = await freePort();
  const user = userInfo().username;
  const hostKey = join(dir, "host_ed25519");
  keygen(hostKey);
  const key = join(dir, "user_ed25519");
  keygen(key);
  const encryptedKey = join(dir, "user_encrypted");
  const passphrase = "correct horse battery";
  keygen(encryptedKey, passphrase);
  const strangerKey = join(dir, "stranger_ed25519");
  keygen(strangerKey);
  const authorized = join(dir, "authorized_keys");
  writeFileSync(
    authorized,
    readFileSync(`${key}.pub`, "utf8") + readFileSync(`${encryptedKey}.pub`, "utf8"),
    { mode: 0o600 },
  );
  const conf = join(dir, "sshd_config");
  writeFileSync(
    conf,
    [
      `Port ${port}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${authorized}`,
      `PidFile ${join(dir, "sshd.pid")}`,
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "PubkeyAuthentication yes",
      // The suite runs as root on its own machine; the bastion takes its key only.
      "PermitRootLogin prohibit-password",
      "AllowTcpForwarding yes",
      "StrictModes no",
      "UsePAM no",
      "",
    ].join("\n"),
  );
  const start = () => run("/usr/sbin/sshd", ["-D", "-e", "-f", conf], port, dir, "sshd");
  let current = await start();
  const sshd: Sshd = {
    ...current,
    user,
    key,
    encryptedKey,
    passphrase,
    strangerKey,
    log: () => current.log(),
    knownHostsLine: () => {
      const [type, blob] = readFileSync(`${hostKey}.pub`, "utf8").trim().split(/\s+/);
      return `[127.0.0.1]:${port} ${type} ${blob}\n`;
    },
    changeHostKey: async () => {
      await current.stop();
      rmSync(hostKey);
      rmSync(`${hostKey}.pub`);
      keygen(hostKey);
      current = await start();
      sshd.child = current.child;
    },
    stop: async () => {
      await current.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return sshd;
}
