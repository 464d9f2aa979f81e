/**
 * A user of a test file's own on the secured es8 node (created as `elastic`, deleted after), and
 * whether a password logs it in: the node's `elastic` user is shared by every test and never
 * changed.
 */
import assert from "node:assert/strict";
import { node, securedConfig, session, sessionTo } from "./cluster.ts";

export interface TestUser {
  name: string;
  /** The HTTP status of `GET /_security/_authenticate` as the user with this password. */
  authenticates(password: string): Promise<number>;
  remove(): Promise<void>;
}

export async function createSecureUser(name: string, password: string): Promise<TestUser> {
  const admin = sessionTo(node("es8-secure"));
  const made = await admin.transport.request({
    method: "PUT",
    path: `/_security/user/${name}`,
    body: { password, roles: [] },
  });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  return {
    name,
    async authenticates(pw: string) {
      const s = session(securedConfig({ username: name }).config, { password: pw });
      try {
        return (await s.transport.request({ method: "GET", path: "/_security/_authenticate" }))
          .status;
      } catch (e) {
        // The transport says a refused login as an error of its own.
        const status = (e as { details?: { status?: number } }).details?.status;
        if (status === 401) return status;
        throw e;
      } finally {
        await s.close();
      }
    },
    async remove() {
      try {
        await admin.transport.request({ method: "DELETE", path: `/_security/user/${name}` });
      } finally {
        await admin.close();
      }
    },
  };
}
