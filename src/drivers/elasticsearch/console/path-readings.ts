/**
 * The readings the one classifier (classify.ts) judges a raw request path by: every way
 * Elasticsearch or a proxy in front of it might split and decode it. Pure; kept per path.
 */

// A tool, a grid or the console classifies the same few paths again and again (each request is
// classified where it is checked and again where it runs): their readings are kept, a few hundred.
const READINGS_KEPT = 512;
const readingsOf = new Map<string, readonly (readonly string[])[]>();

/** `readings`, kept per raw path. Callers never change what they get. */
export function readings(rawPath: string): readonly (readonly string[])[] {
  const kept = readingsOf.get(rawPath);
  if (kept) return kept;
  const made = pathReadings(rawPath);
  if (readingsOf.size >= READINGS_KEPT) readingsOf.clear();
  readingsOf.set(rawPath, made);
  return made;
}

/**
 * Every plausible reading of a raw path as segments: decoded per segment, as a whole, or until
 * nothing changes; with `.`/`..` resolved or kept; with empty segments dropped or kept.
 */
function pathReadings(rawPath: string): string[][] {
  const decodedWhole = decodeOnce(rawPath);
  const decodedFully = decodeFully(rawPath);
  const bases: string[][] = [
    rawPath.split("/").map(decodeOnce),
    decodedWhole.split("/"),
    decodedFully.split("/"),
    // Backslashes are separators to some proxies.
    decodedFully.replaceAll("\\", "/").split("/"),
  ];
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const base of bases) {
    const withoutLeading = base[0] === "" ? base.slice(1) : base;
    for (const dots of [false, true]) {
      for (const dropEmpty of [true, false]) {
        let segs = withoutLeading;
        if (dropEmpty) segs = segs.filter((s) => s !== "");
        else if (segs.at(-1) === "") segs = segs.slice(0, -1);
        if (dots) segs = resolveDots(segs);
        const key = segs.join("\u0000");
        if (!seen.has(key)) {
          seen.add(key);
          out.push(segs);
        }
      }
    }
  }
  return out;
}

function resolveDots(segs: string[]): string[] {
  const out: string[] = [];
  for (const s of segs) {
    if (s === ".") continue;
    if (s === "..") out.pop();
    else out.push(s);
  }
  return out;
}

function decodeOnce(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    // Malformed escapes: decode what can be decoded, leave the rest as typed.
    return s.replace(/%[0-9a-f]{2}/gi, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
  }
}

function decodeFully(s: string): string {
  let cur = s;
  for (let i = 0; i < 5; i++) {
    const next = decodeOnce(cur);
    if (next === cur) break;
    cur = next;
  }
  return cur;
}
