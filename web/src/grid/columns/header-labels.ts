/**
 * Header labels that stay readable in a narrow column: a long dotted path shows its tail
 * (`…address.city`), as many trailing parts as it takes to tell it from the other columns' tails.
 * The header's tooltip carries the whole path.
 */

/** Names up to this long are shown whole. */
const SHORT = 18;

export function headerLabels(names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const parts = names.map((n) => n.split("."));
  for (const [i, name] of names.entries()) {
    const own = parts[i]!;
    if (name.length <= SHORT || own.length < 3) {
      out.set(name, name);
      continue;
    }
    let take = 2;
    const tail = (p: string[], k: number) => p.slice(-k).join(".");
    // Longer until no other column ends the same way (a shorter name ending so counts too).
    while (
      take < own.length &&
      parts.some((p, j) => j !== i && p.length >= take && tail(p, take) === tail(own, take))
    )
      take++;
    out.set(name, take >= own.length ? name : `…${tail(own, take)}`);
  }
  return out;
}
