/**
 * Reading and trimming a compiled `module-info.class` (JVM spec 4.7.25, the Module attribute). Pure:
 * bytes in, bytes out. Used to let a distribution run on a runtime that lacks JDK modules its
 * module descriptor names but none of its classes use.
 */

interface Parsed {
  /** Offset of the Module attribute's header (name index, then length). */
  attrAt: number;
  attrLength: number;
  /** Each `requires` entry: its offset and the required module's name. */
  requires: { at: number; name: string }[];
}

const TWO_SLOTS = new Set([5, 6]); // Long, Double
const SIZE: Record<number, number> = {
  3: 4,
  4: 4,
  5: 8,
  6: 8,
  7: 2,
  8: 2,
  9: 4,
  10: 4,
  11: 4,
  12: 4,
  15: 3,
  16: 2,
  17: 4,
  18: 4,
  19: 2,
  20: 2,
};

function parse(b: Buffer): Parsed {
  if (b.readUInt32BE(0) !== 0xcafebabe) throw new Error("not a class file");
  const utf8 = new Map<number, string>();
  const moduleName = new Map<number, number>();
  const count = b.readUInt16BE(8);
  let p = 10;
  for (let i = 1; i < count; i++) {
    const tag = b[p] as number;
    if (tag === 1) {
      const len = b.readUInt16BE(p + 1);
      utf8.set(i, b.toString("utf8", p + 3, p + 3 + len));
      p += 3 + len;
      continue;
    }
    const size = SIZE[tag];
    if (size === undefined) throw new Error(`unknown constant pool tag ${tag}`);
    if (tag === 19) moduleName.set(i, b.readUInt16BE(p + 1));
    p += 1 + size;
    if (TWO_SLOTS.has(tag)) i++;
  }
  p += 6; // access flags, this class, super class
  for (let k = 0; k < 3; k++) {
    if (b.readUInt16BE(p) !== 0) throw new Error("not a module-info class (it has members)");
    p += 2; // interfaces, fields, methods: all empty in a module-info
  }
  const attributes = b.readUInt16BE(p);
  p += 2;
  for (let a = 0; a < attributes; a++) {
    const name = utf8.get(b.readUInt16BE(p));
    const length = b.readUInt32BE(p + 2);
    if (name === "Module") {
      const start = p + 6;
      const requireCount = b.readUInt16BE(start + 6);
      const requires = [];
      for (let r = 0, q = start + 8; r < requireCount; r++, q += 6) {
        const nameIndex = moduleName.get(b.readUInt16BE(q));
        requires.push({ at: q, name: utf8.get(nameIndex ?? -1) ?? "" });
      }
      return { attrAt: p, attrLength: length, requires };
    }
    p += 6 + length;
  }
  throw new Error("no Module attribute: not a module-info class");
}

/** The modules a module descriptor requires, in order. */
export function requiredModules(moduleInfo: Buffer): string[] {
  return parse(moduleInfo).requires.map((r) => r.name);
}

/** The same descriptor without the `requires` of the named modules. */
export function withoutRequires(moduleInfo: Buffer, drop: ReadonlySet<string>): Buffer {
  const { attrAt, attrLength, requires } = parse(moduleInfo);
  const removed = requires.filter((r) => drop.has(r.name));
  if (removed.length === 0) return moduleInfo;
  const start = attrAt + 6;
  const afterRequires = start + 8 + requires.length * 6;
  const head = Buffer.from(moduleInfo.subarray(0, afterRequires - requires.length * 6));
  head.writeUInt32BE(attrLength - removed.length * 6, attrAt + 2);
  head.writeUInt16BE(requires.length - removed.length, start + 6);
  const kept = requires
    .filter((r) => !drop.has(r.name))
    .map((r) => moduleInfo.subarray(r.at, r.at + 6));
  return Buffer.concat([head, ...kept, moduleInfo.subarray(afterRequires)]);
}
