/** The three test clusters. Ports are fixed and away from the default 9200 so a real local cluster is never touched. */
export interface NodeSpec {
  name: string;
  version: string;
  httpPort: number;
  transportPort: number;
  secured: boolean;
}

export const ES7_VERSION = "7.17.29";
export const ES8_VERSION = "8.19.21";

export const NODE_SPECS: readonly NodeSpec[] = [
  { name: "es7", version: ES7_VERSION, httpPort: 19217, transportPort: 19317, secured: false },
  { name: "es8", version: ES8_VERSION, httpPort: 19218, transportPort: 19318, secured: false },
  {
    name: "es8-secure",
    version: ES8_VERSION,
    httpPort: 19219,
    transportPort: 19319,
    secured: true,
  },
];

/** What `es:up` prints and saves: everything a test or a person needs to reach a node. */
export interface RunningNode {
  name: string;
  url: string;
  version: string;
  secured: boolean;
  username?: string;
  password?: string;
  caPath?: string;
  pid: number;
  pgid: number;
  logPath: string;
}
