/**
 * `quarry connections test` names the step a connection failed at, with its fix, on real parts:
 * nothing listening (TCP), an untrusted server certificate (TLS), a wrong password (HTTP sign-in),
 * a fork (OpenSearch), a proxy in front of a cluster that is down (the cluster: nginx's 502). No
 * secret in what it prints.
 */
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { after, before, describe, it } from "node:test";
import { cliRunner } from "../support/cli-runner.ts";
import { node, portOf } from "../support/cluster.ts";
import { type Nginx, startNginx } from "../support/nginx.ts";

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe("quarry connections test names the failed step", () => {
  const cli = cliRunner("steps");
  let nginx: Nginx;
  let dead: number;

  before(async () => {
    dead = await closedPort();
    nginx = await startNginx("/es/", `http://127.0.0.1:${dead}`);
  });
  after(async () => {
    await nginx?.stop();
  });

  async function add(name: string, args: string[], input?: string): Promise<void> {
    const r = await cli.quarry(["connections", "add", "--name", name, ...args, "--no-test"], input);
    assert.equal(r.code, 0, r.err);
  }

  async function failedStep(name: string): Promise<string> {
    const r = await cli.quarry(["connections", "test", name]);
    assert.notEqual(r.code, 0, r.out);
    return r.err;
  }

  it("TCP: nothing listening", async () => {
    await add("down", ["--url", `http://127.0.0.1:${dead}`, "--auth", "none"]);
    const err = await failedStep("down");
    assert.match(
      err,
      /Failed step: TCP connection\nerror: Connection failed: nothing is listening/,
    );
    assert.match(err, /Check the host and port/);
  });

  it("TLS: a server certificate from a CA not trusted", async () => {
    const secure = node("es8-secure");
    await add(
      "untrusted",
      ["--url", `https://127.0.0.1:${portOf(secure)}`, "--username", "elastic", "--password-stdin"],
      secure.password!,
    );
    const err = await failedStep("untrusted");
    assert.match(
      err,
      /Failed step: TLS\nerror: Connection failed: the server's certificate is not trusted/,
    );
    assert.ok(!err.includes(secure.password!));
  });

  it("HTTP sign-in: a wrong password", async () => {
    const secure = node("es8-secure");
    const wrong = "not-the-password-123";
    await add(
      "wrong-password",
      [
        "--url",
        `https://127.0.0.1:${portOf(secure)}`,
        "--ca-file",
        secure.caPath!,
        "--username",
        "elastic",
        "--password-stdin",
      ],
      wrong,
    );
    const err = await failedStep("wrong-password");
    assert.match(err, /Failed step: HTTP sign-in\nerror: Authentication failed/);
    assert.ok(!err.includes(wrong), "the password is not in the error");
  });

  it("the server's product: a fork", async () => {
    await add("fork", ["--url", node("opensearch").url, "--auth", "none"]);
    const err = await failedStep("fork");
    assert.match(
      err,
      /Failed step: the server's product\nerror: Unsupported cluster: .*OpenSearch/,
    );
  });

  it("the cluster: a reverse proxy answers 502, its cluster is down", async () => {
    await add("proxied", ["--url", `${nginx.origin}/es/`, "--auth", "none"]);
    const err = await failedStep("proxied");
    assert.match(err, /Failed step: the cluster\n/);
    assert.match(err, /502/);
  });
});
