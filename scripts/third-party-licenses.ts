import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The licenses of the third-party packages that went into a bundle. */
export function thirdPartyLicenses(root: string, inputs: string[]): string {
  const packages = new Map<string, string>();
  for (const input of inputs) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) packages.set(m[1]!, m[1]!);
  }
  const parts: string[] = [];
  for (const dir of [...packages.keys()].sort()) {
    const abs = join(root, dir);
    const pkg = JSON.parse(readFileSync(join(abs, "package.json"), "utf8")) as {
      name: string;
      version: string;
      license?: string;
    };
    const licenseFile = readdirSync(abs).find((f) => /^(licen[cs]e|copying)/i.test(f));
    const text = licenseFile ? readFileSync(join(abs, licenseFile), "utf8").trim() : "";
    parts.push(`${pkg.name}@${pkg.version} (${pkg.license ?? "see package"})\n\n${text}`);
  }
  return `${parts.join(`\n\n${"-".repeat(72)}\n\n`)}\n`;
}
