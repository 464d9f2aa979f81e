/**
 * `before` hooks that run one after another, in the order they are declared. Inside a `describe`
 * node:test runs hooks so anyway; at a file's top level it starts each `before` as soon as it is
 * declared, so two of them run at the same time. Fixtures (appWithBrowser, mcpTestServer,
 * mcpClient) declare theirs with this, and so does a top-level hook that uses what a fixture
 * made (docs/testing.md, "Fixtures").
 */
import { before } from "node:test";

let previous: Promise<unknown> = Promise.resolve();

export function orderedBefore(fn: () => Promise<void> | void): void {
  before(() => {
    const run = previous.then(fn);
    previous = run.catch(() => {});
    return run;
  });
}
