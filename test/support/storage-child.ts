/**
 * A child process for the storage tests, which kill it or race it:
 *   atomic <target> <bytes>        rewrites <target> forever, alternating two contents of <bytes>
 *   store <dir> <prefix> <count>   creates <count> connections named <prefix>-<n> in <dir>
 */

import { writeFileAtomic } from "../../src/app/storage/atomic-write.ts";
import { ConnectionStore } from "../../src/app/storage/connection-store.ts";
import { esOnly } from "./es-driver.ts";

/** Content of the given size made of one letter, with a header, so a mix of two is detectable. */
export function atomicContent(letter: string, bytes: number): Buffer {
  const header = Buffer.from(`content ${letter}\n`);
  return Buffer.concat([header, Buffer.alloc(bytes - header.length, letter)]);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "atomic") {
  const [target, size] = args as [string, string];
  const contents = [atomicContent("a", Number(size)), atomicContent("b", Number(size))];
  process.stdout.write("ready\n");
  for (let i = 0; ; i++) await writeFileAtomic(target, contents[i % 2]!);
} else if (mode === "store") {
  const [dir, prefix, count] = args as [string, string, string];
  const store = new ConnectionStore(dir, { driverFor: esOnly });
  for (let i = 0; i < Number(count); i++) {
    await store.create({
      name: `${prefix}-${i}`,
      type: "elasticsearch",
      settings: { host: "localhost", port: 9200 + i },
    });
  }
}
