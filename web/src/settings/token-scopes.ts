/** The token scopes as Settings > Integrations names them. */
import type { TokenScope } from "../api/types.ts";

export const SCOPES: { value: TokenScope; label: string }[] = [
  { value: "read-only", label: "Read Only" },
  { value: "read-write", label: "Read & Write" },
  { value: "full-access", label: "Full Access" },
];
