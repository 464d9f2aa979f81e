/**
 * The Debian packages the integration tests use, installed with apt-get when missing (as root):
 * `chromium` for the browser tests and `xdg-utils` (`xdg-open`, `xdg-mime`) for the desktop
 * integration tests, `nginx` as a reverse proxy serving a test node under a path, `tinyproxy` and
 * `openssh-server` for the proxy and SSH tunnel tests. The test runner calls this once, before any test file starts; a test file run
 * on its own calls it too. Every caller on the machine takes the same lock (flock), so two test
 * files, or two clones' runs, never run apt-get at the same time: the second waits, then finds the
 * packages installed.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM = process.env.QUARRY_CHROMIUM ?? "/usr/bin/chromium";

/** Each package, and the file that shows it is installed. */
const PACKAGES: Record<string, string> = {
  chromium: CHROMIUM,
  "xdg-utils": "/usr/bin/xdg-open",
  // A reverse proxy serving a test node under a path.
  nginx: "/usr/sbin/nginx",
  // The connection tests' proxy and SSH bastion, each started by its test on loopback.
  tinyproxy: "/usr/bin/tinyproxy",
  "openssh-server": "/usr/sbin/sshd",
};

const LOCK = join(tmpdir(), "quarry-test-apt.lock");
/** How long a caller waits for another's install: a safety net, an install takes minutes. */
const LOCK_WAIT_S = 1800;

/** Installs the named packages that are missing; throws with the remedy when it cannot. */
export function ensureSystemPackages(names: string[] = Object.keys(PACKAGES)): void {
  const missing = names.filter((n) => !existsSync(PACKAGES[n] ?? `/nonexistent/${n}`));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} missing: install with \`sudo apt-get install -y ${missing.join(" ")}\``,
    );
  }
  // Inside the lock, apt-get runs only for what is still missing (another caller may have
  // installed it meanwhile). DPkg::Lock::Timeout waits for an apt run not started by the tests.
  const script = `need=""
for p in "$@"; do
  dpkg-query -W -f='\${Status}' "$p" 2>/dev/null | grep -q " installed$" || need="$need $p"
done
[ -z "$need" ] && exit 0
apt-get -o DPkg::Lock::Timeout=600 update -qq &&
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq $need`;
  const r = spawnSync(
    "flock",
    ["-w", String(LOCK_WAIT_S), LOCK, "sh", "-c", script, "sh", ...missing],
    {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    },
  );
  if (r.status !== 0)
    throw new Error(`installing ${missing.join(" ")} with apt-get failed (exit ${r.status})`);
  const still = missing.filter((n) => !existsSync(PACKAGES[n]!));
  if (still.length > 0)
    throw new Error(
      `apt-get installed ${still.join(" ")}, but ${still.map((n) => PACKAGES[n]).join(" ")} is not there`,
    );
}
