import type { Command } from "commander";

export function registerCompareCommand(_program: Command): void {}
