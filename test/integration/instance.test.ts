/**
 * One running app per data folder, background mode and the handover between starts,
 * through the real `quarry` command. The "browser" is a script that records the URLs it is asked
 * to open (QUARRY_BROWSER), so a test sees exactly what would have been opened.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { ensureSystemPackages } from "../../scripts/system-packages.ts";
import { APP_ENV, APP_NODE_FLAGS } from "../../src/app/process/node-flags.ts";
import { alive, collect, type Sandbox, sandbox, waitFor } from "../support/quarry.ts";
import { openBrowser } from "../support/ui.ts";

interface Status {
  running: boolean;
  pid: number;
  url: string;
  mode: "background" | "window";
  window: { opened: boolean; how: string } | null;
  instanceId: string;
  mcp: { requested: boolean };
}

function status(box: Sandbox): Status {
  const res = box.run(["status", "--json"]);
  return JSON.parse(res.stdout) as Status;
}

function instanceFile(box: Sandbox): {
  pid: number;
  port: number;
  secret: string;
  instanceId: string;
} {
  return JSON.parse(readFileSync(join(box.home, "instance.json"), "utf8"));
}

function startBackground(box: Sandbox): number {
  const res = box.run(["start", "--background", "--json"]);
  assert.equal(res.status, 0, res.stderr);
  return (JSON.parse(res.stdout) as { pid: number }).pid;
}

const boxes: Sandbox[] = [];
function fresh(): Sandbox {
  const box = sandbox();
  boxes.push(box);
  return box;
}
after(async () => {
  for (const box of boxes) await box.dispose().catch(() => {});
});

describe("quarry start --background", () => {
  it("starts the app with nothing opened and nothing shown, and says so in status", () => {
    const box = fresh();
    assert.equal(box.run(["status"]).status, 1, "not running before");
    const pid = startBackground(box);
    assert.ok(alive(pid));
    const s = status(box);
    assert.equal(s.running, true);
    assert.equal(s.pid, pid);
    assert.equal(s.mode, "background");
    assert.deepEqual(box.opened(), [], "no window was opened");
    const info = instanceFile(box);
    assert.equal(info.pid, pid);
    assert.equal(statSync(join(box.home, "instance.json")).mode & 0o777, 0o600);
    assert.match(info.secret, /^[A-Za-z0-9_-]{43}$/);
  });

  it("runs the app with its V8 flags and allocator settings (docs/decisions.md)", () => {
    const box = fresh();
    const pid = startBackground(box);
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    for (const flag of APP_NODE_FLAGS)
      assert.ok(args.includes(flag), `${flag} in ${args.join(" ")}`);
    const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    for (const [name, value] of Object.entries(APP_ENV))
      assert.ok(env.includes(`${name}=${value}`), `${name}=${value} in the app's environment`);
  });

  it("a second background start leaves the running app alone", () => {
    const box = fresh();
    const pid = startBackground(box);
    const again = box.run(["start", "--background"]);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, new RegExp(`already running \\(pid ${pid}\\)`));
    assert.equal(status(box).pid, pid);
    assert.equal(status(box).mode, "background");
    assert.deepEqual(box.opened(), []);
  });
});

describe("a start by hand while the app runs in the background", () => {
  it("hands over: the running app opens its window and stays in window mode; no second app", async () => {
    const box = fresh();
    const pid = startBackground(box);
    const { port, instanceId, secret } = instanceFile(box);
    const res = box.run(["start"]);
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, new RegExp(`already running \\(pid ${pid}`));
    assert.match(res.stdout, /Its window is open in your browser/);
    assert.deepEqual(box.opened(), [`http://127.0.0.1:${port}/#secret=${secret}`]);
    const s = status(box);
    assert.equal(s.pid, pid, "the same app");
    assert.equal(s.instanceId, instanceId);
    assert.equal(s.mode, "window", "it behaves normally for the rest of its run");
    // Bare `quarry` is `quarry start`: the window opens again, in the same app.
    assert.equal(box.run([]).status, 0);
    assert.equal(box.opened().length, 2);
    assert.equal(status(box).pid, pid);
  });

  it("concurrent starts in one data folder end with exactly one app", async () => {
    const box = fresh();
    const children = [1, 2, 3, 4].map(() => box.spawn(["start", "--background", "--json"]));
    const outputs = children.map(collect);
    await Promise.all(children.map((c) => once(c, "exit")));
    const pids = outputs.map((o) => (JSON.parse(o.text()) as { pid: number }).pid);
    assert.equal(new Set(pids).size, 1, `one app, not ${JSON.stringify(pids)}`);
    assert.equal(status(box).pid, pids[0]);
    assert.deepEqual(box.opened(), []);
  });
});

describe("quarry start by hand (foreground)", () => {
  it("opens the window with the per-run key in the URL's fragment, and Ctrl-C stops it cleanly", async () => {
    const box = fresh();
    const child = box.spawn(["start"]);
    const out = collect(child);
    await waitFor(() => /Stop it with Ctrl-C/.test(out.text()), "the app to start");
    const info = instanceFile(box);
    assert.equal(info.pid, child.pid);
    await waitFor(() => box.opened().length === 1, "the window to open");
    assert.deepEqual(box.opened(), [`http://127.0.0.1:${info.port}/#secret=${info.secret}`]);
    assert.ok(!out.text().includes(info.secret), "the key is not printed when a browser opened");
    assert.equal(status(box).mode, "window");
    child.kill("SIGINT");
    const [code] = await once(child, "exit");
    assert.equal(code, 0);
    assert.ok(!existsSync(join(box.home, "instance.json")), "instance.json is removed");
    assert.equal(box.run(["status"]).status, 1);
  });

  it("prints the address where no browser can open it", async () => {
    const box = sandbox({ QUARRY_BROWSER: "none" });
    boxes.push(box);
    const child = box.spawn(["start"]);
    const out = collect(child);
    await waitFor(() => /Stop it with Ctrl-C/.test(out.text()), "the app to start");
    const info = instanceFile(box);
    assert.match(out.text(), /No browser window was opened \(QUARRY_BROWSER is "none"\)/);
    assert.ok(out.text().includes(`http://127.0.0.1:${info.port}/#secret=${info.secret}`));
    child.kill("SIGTERM");
    assert.equal((await once(child, "exit"))[0], 0);
  });
});

describe("the window and the per-run key", () => {
  it("the browser opener is given a 0600 page, never the key: not in its arguments, not in its environment", async () => {
    // An opener that records what any local user could read of it: /proc/<pid>/cmdline, environ.
    const dir = mkdtempSync(join(tmpdir(), "qt-opener-"));
    const opener = join(dir, "opener.sh");
    writeFileSync(
      opener,
      `#!/bin/sh\ncat /proc/$$/cmdline > '${dir}/cmdline'\ncat /proc/$$/environ > '${dir}/environ'\nprintf '%s' "$1" > '${dir}/arg'\n`,
    );
    chmodSync(opener, 0o755);
    const box = sandbox({ QUARRY_BROWSER: opener });
    boxes.push(box);
    const child = box.spawn(["start"]);
    const out = collect(child);
    try {
      await waitFor(() => existsSync(join(dir, "arg")), "the opener to run");
      const info = instanceFile(box);
      const cmdline = readFileSync(join(dir, "cmdline"), "utf8");
      const environ = readFileSync(join(dir, "environ"), "utf8");
      assert.ok(cmdline.length > 0 && environ.length > 0, "the opener's process was read");
      assert.ok(!cmdline.includes(info.secret), "the key is not in the opener's arguments");
      assert.ok(!environ.includes(info.secret), "nor in its environment");
      const arg = readFileSync(join(dir, "arg"), "utf8");
      assert.match(arg, /^file:\/\/\/.*\/open-[0-9a-f-]{36}\.html$/);
      const page = fileURLToPath(arg);
      assert.equal(dirname(page), box.home, "in the app data folder");
      assert.equal(statSync(page).mode & 0o777, 0o600, "readable by this user only");
      assert.equal(statSync(box.home).mode & 0o777, 0o700);
      const address = `http://127.0.0.1:${info.port}/#secret=${info.secret}`;
      assert.ok(
        readFileSync(page, "utf8").includes(`location.replace(${JSON.stringify(address)})`),
      );

      // A real browser given the page lands on the app, with this run's key.
      const browser = await openBrowser();
      try {
        await browser.page.goto(arg);
        await browser.page.waitForURL(`http://127.0.0.1:${info.port}/**`);
        await browser.page.waitForFunction(() => sessionStorage.getItem("quarry.secret") !== null);
        const kept = await browser.page.evaluate(() => sessionStorage.getItem("quarry.secret"));
        assert.equal(kept, info.secret, "the page took the key");
        assert.ok(!browser.page.url().includes(info.secret), "and took it out of the address bar");
      } finally {
        await browser.close();
      }
      assert.equal(status(box).window?.opened, true);
      assert.match(
        box.run(["status"]).stdout,
        /^ {2}Mode: {8}window \(opened with .*opener\.sh\)$/m,
      );

      child.kill("SIGINT");
      assert.equal((await once(child, "exit"))[0], 0, out.text());
      assert.ok(!existsSync(page), "the page is removed when the app stops");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("status says when no window was opened, and why", async () => {
    const box = sandbox({ QUARRY_BROWSER: "false" });
    boxes.push(box);
    const child = box.spawn(["start"]);
    const out = collect(child);
    await waitFor(() => /Stop it with Ctrl-C/.test(out.text()), "the app to start");
    const s = status(box);
    assert.equal(s.mode, "window");
    assert.deepEqual(s.window, { opened: false, how: "false exited with status 1" });
    const text = box.run(["status"]).stdout;
    assert.match(
      text,
      /^ {2}Mode: {8}window, but none was opened \(false exited with status 1\); quarry start opens one or prints its address$/m,
    );
    assert.doesNotMatch(text, /window opened/);
    child.kill("SIGTERM");
    await once(child, "exit");
  });
});

describe("Ctrl-C on a foreground app", () => {
  it("a second signal while it stops (npm passes Ctrl-C on) still ends it cleanly: no instance.json left", async () => {
    const box = fresh();
    const child = box.spawn(["start"]);
    const exited = once(child, "exit");
    const out = collect(child);
    await waitFor(() => /Stop it with Ctrl-C/.test(out.text()), "the app to start");
    await waitFor(() => /MCP server on /.test(out.text()), "the MCP server to start");
    // Ctrl-C reaches `npm start`'s whole process group, and npm passes it on again: the second
    // arrives while the app stops. Two different signals sent together are both delivered (two
    // SIGINTs may merge into one), the second one while the first one's stop is under way.
    child.kill("SIGINT");
    child.kill("SIGTERM");
    const [code, signal] = await exited;
    assert.deepEqual([code, signal], [0, null], out.text());
    assert.ok(!existsSync(join(box.home, "instance.json")), "instance.json is removed");
    // Which of the two the process handles first is the kernel's and libuv's choice.
    const first = /stopping \((SIGINT|SIGTERM)\)/.exec(out.text());
    assert.ok(first, out.text());
    const second = first[1] === "SIGINT" ? "SIGTERM" : "SIGINT";
    const stopping = out.text().slice(first.index);
    assert.match(stopping, new RegExp(`stopping already \\(${second} again ends it now\\)`));
    assert.match(stopping, /MCP server stopped with the app \(Enable MCP Server is unchanged\)/);
    assert.doesNotMatch(stopping, /MCP server disabled/, "the setting was not turned off");
    const mcp = box.run(["mcp", "status", "--json"]);
    const { settings } = JSON.parse(mcp.stdout) as { settings: { enabled: boolean } };
    assert.equal(settings.enabled, true, "Enable MCP Server is still on");
  });
});

describe("a crashed app", () => {
  it("leaves no lock that blocks the next start (SIGKILL)", async () => {
    const box = fresh();
    const first = startBackground(box);
    process.kill(first, "SIGKILL");
    await waitFor(() => !alive(first), "the app to die");
    assert.ok(
      existsSync(join(box.home, "instance.json")),
      "its stale instance.json is still there",
    );
    const s = box.run(["status"]);
    assert.equal(s.status, 1);
    assert.match(s.stdout, /Quarry is not running/);
    const started = Date.now();
    const second = startBackground(box);
    assert.notEqual(second, first);
    assert.ok(Date.now() - started < 15_000, "no wait for the dead holder");
    assert.equal(status(box).pid, second);
    assert.equal(instanceFile(box).pid, second);
  });
});

describe("quarry stop", () => {
  it("ends the app cleanly, and says so when nothing runs", async () => {
    const box = fresh();
    const pid = startBackground(box);
    const res = box.run(["stop"]);
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, new RegExp(`Quarry \\(pid ${pid}\\) has stopped`));
    await waitFor(() => !alive(pid), "the process to end");
    assert.ok(!existsSync(join(box.home, "instance.json")));
    const log = readFileSync(join(box.home, "logs", "app.log"), "utf8");
    assert.match(log, /stopping \(quarry stop\)/);
    assert.match(log, /stopped$/m);
    const again = box.run(["stop", "--json"]);
    assert.equal(again.status, 0);
    assert.deepEqual(JSON.parse(again.stdout), { stopped: false, running: false });
  });
});

describe("quarry stop --force", () => {
  it("ends an app that holds the lock but does not answer", async () => {
    const box = fresh();
    const pid = startBackground(box);
    process.kill(pid, "SIGSTOP"); // hung: holds its lock, answers nothing
    try {
      const status = box.run(["status", "--json"]);
      assert.equal(status.status, 1);
      assert.deepEqual(JSON.parse(status.stdout), {
        running: false,
        dataDir: box.home,
        unresponsive: true,
      });
      const polite = box.run(["stop"]);
      assert.equal(polite.status, 1);
      assert.match(
        polite.stderr,
        new RegExp(`The running Quarry \\(process ${pid}\\) does not answer`),
      );
      assert.match(polite.stderr, /quarry stop --force/);
      assert.ok(alive(pid), "nothing was signalled without --force");
      const forced = box.run(["stop", "--force"]);
      assert.equal(forced.status, 0, forced.stderr);
      await waitFor(() => !alive(pid), "the process to end");
      assert.equal(box.run(["status"]).status, 1);
      assert.notEqual(startBackground(box), pid, "a new start works at once");
    } finally {
      if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  });
});

describe("quarry open-url", () => {
  it("quarry://integrations/start-mcp starts the app in the background with the MCP server asked for", () => {
    const box = fresh();
    const res = box.run(["open-url", "quarry://integrations/start-mcp"]);
    assert.equal(res.status, 0, res.stderr);
    const s = status(box);
    assert.equal(s.mode, "background");
    assert.equal(s.mcp.requested, true);
    assert.deepEqual(box.opened(), [], "nothing is shown");
    // Handed to the running app, it opens nothing either, and starts no second app.
    assert.equal(box.run(["open-url", "quarry://integrations/start-mcp"]).status, 0);
    assert.equal(status(box).pid, s.pid);
    assert.deepEqual(box.opened(), []);
  });

  it("refuses an unknown URL before starting anything", () => {
    const box = fresh();
    const res = box.run(["open-url", "quarry://integrations/delete-everything"]);
    assert.equal(res.status, 2);
    assert.match(res.stderr, /does not know the URL "quarry:\/\/integrations\/delete-everything"/);
    assert.equal(box.run(["status"]).status, 1, "nothing was started");
  });
});

describe("the app's local HTTP server", () => {
  it("listens on 127.0.0.1 only and checks Host, Origin and the per-run key", async () => {
    const box = fresh();
    startBackground(box);
    const { port, secret } = instanceFile(box);
    const base = `http://127.0.0.1:${port}`;
    const key = { "x-quarry-secret": secret };

    const ok = await fetch(`${base}/api/app/status`, { headers: key });
    assert.equal(ok.status, 200);
    assert.equal(((await ok.json()) as Status).pid, instanceFile(box).pid);

    const noKey = await fetch(`${base}/api/app/status`);
    assert.equal(noKey.status, 401);
    assert.equal(
      ((await noKey.json()) as { error: { code: string } }).error.code,
      "request_refused",
    );
    const wrongKey = await fetch(`${base}/api/app/status`, { headers: { "x-quarry-secret": "x" } });
    assert.equal(wrongKey.status, 401);

    // DNS rebinding: a page whose name resolves to 127.0.0.1 sends its own Host.
    const rebound = await rawGet(port, "/api/app/status", { host: "attacker.example", ...key });
    assert.equal(rebound, 421);
    const foreign = await fetch(`${base}/api/app/status`, {
      headers: { ...key, origin: "https://attacker.example" },
    });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers.get("access-control-allow-origin"), null);

    const page = await fetch(`${base}/`);
    assert.equal(page.status, 200, "pages hold no data and need no key");
    assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);

    await assert.rejects(fetch(`http://127.0.0.2:${port}/`), "not reachable on another address");
  });

  it("a body over the limit is 413 on every API route, the app's own too", async () => {
    const box = fresh();
    startBackground(box);
    const { port, secret } = instanceFile(box);
    const big = JSON.stringify({ url: "x".repeat(17 * 1024 * 1024) });
    for (const path of ["/api/app/open-url", "/api/connections/test"]) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: { "x-quarry-secret": secret, "content-type": "application/json" },
        body: big,
      });
      assert.equal(res.status, 413, path);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      assert.equal(error.message, "The request is larger than 16 MB.", path);
    }
  });
});

/** A GET with exactly these headers (fetch does not let a caller set Host). */
async function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("quarry install-desktop (Linux)", () => {
  it("registers quarry:// so that xdg-open starts Quarry in the background, and --remove undoes it", async () => {
    ensureSystemPackages(["xdg-utils"]); // xdg-open and xdg-mime, when this file runs alone
    const box = fresh();
    const xdg = {
      XDG_DATA_HOME: join(box.home, "..", "xdg-data"),
      XDG_CONFIG_HOME: join(box.home, "..", "xdg-config"),
      // xdg-open hands URLs to scheme handlers only inside a graphical session; no X server is
      // contacted for that.
      DISPLAY: ":99",
    };
    const res = box.run(["install-desktop"], { env: xdg });
    assert.equal(res.status, 0, res.stderr);
    const apps = join(xdg.XDG_DATA_HOME, "applications");
    const handler = readFileSync(join(apps, "quarry-url-handler.desktop"), "utf8");
    assert.match(handler, /^Exec=\/\S+\/bin\/quarry open-url %u$/m);
    assert.match(handler, /^MimeType=x-scheme-handler\/quarry;$/m);
    assert.match(
      readFileSync(join(apps, "quarry.desktop"), "utf8"),
      /^Exec=\/\S+\/bin\/quarry start$/m,
    );
    const query = spawnSync("xdg-mime", ["query", "default", "x-scheme-handler/quarry"], {
      env: { ...box.env, ...xdg },
      encoding: "utf8",
    });
    assert.equal(query.stdout.trim(), "quarry-url-handler.desktop");

    // What the MCP bridge runs on Linux when Quarry is not running.
    const open = spawnSync("xdg-open", ["quarry://integrations/start-mcp"], {
      env: { ...box.env, ...xdg },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(open.status, 0, open.stderr);
    const s = status(box);
    assert.equal(s.running, true);
    assert.equal(s.mode, "background");
    assert.equal(s.mcp.requested, true);
    assert.deepEqual(box.opened(), []);

    assert.equal(box.run(["install-desktop", "--remove"], { env: xdg }).status, 0);
    assert.ok(!existsSync(join(apps, "quarry-url-handler.desktop")));
    const after = spawnSync("xdg-mime", ["query", "default", "x-scheme-handler/quarry"], {
      env: { ...box.env, ...xdg },
      encoding: "utf8",
    });
    assert.equal(after.stdout.trim(), "");
  });
});
