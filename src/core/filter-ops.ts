/**
 * The filter operators, in one table: the name the wire carries (`not_in`), the symbol people type
 * in the CLI and read in error messages (`not in`, `!=`), the label the UI's filter row shows
 * (`≠`, `is missing`), what value each takes, and the operator each one negates. The driver, the
 * CLI, the UI and the MCP tools all read this table, so every surface says the same.
 */

/** Filter operators as the wire names them; each compiles to a match, a list, a range, a pattern or presence. */
export const FILTER_OPS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "in",
  "not_in",
  "like",
  "not_like",
  "exists",
  "missing",
] as const;

export type FilterOp = (typeof FILTER_OPS)[number];

/**
 * What an operator compares with: one value, a list of values, a pattern with `*` and `?`
 * (case-insensitive), or nothing at all.
 */
export type FilterOperand = "value" | "list" | "pattern" | "none";

export interface FilterOperator {
  /** What people type after the column in the CLI and read in messages. */
  symbol: string;
  /** What the UI's filter row shows. */
  label: string;
  operand: FilterOperand;
  /** The operator this one negates: a row with it matches exactly what its twin does not. */
  negates?: FilterOp;
}

export const FILTER_OPERATORS: Readonly<Record<FilterOp, FilterOperator>> = {
  eq: { symbol: "=", label: "=", operand: "value" },
  neq: { symbol: "!=", label: "≠", operand: "value", negates: "eq" },
  gt: { symbol: ">", label: ">", operand: "value" },
  gte: { symbol: ">=", label: "≥", operand: "value" },
  lt: { symbol: "<", label: "<", operand: "value" },
  lte: { symbol: "<=", label: "≤", operand: "value" },
  in: { symbol: "in", label: "in", operand: "list" },
  not_in: { symbol: "not in", label: "not in", operand: "list", negates: "in" },
  like: { symbol: "like", label: "like", operand: "pattern" },
  not_like: { symbol: "not like", label: "not like", operand: "pattern", negates: "like" },
  exists: { symbol: "exists", label: "exists", operand: "none" },
  missing: { symbol: "missing", label: "is missing", operand: "none", negates: "exists" },
};

/** Whether `op` is one of the operators (a value from the wire may be anything). */
export function isFilterOp(op: unknown): op is FilterOp {
  return typeof op === "string" && Object.hasOwn(FILTER_OPERATORS, op);
}

/** How people write `op`: the CLI's syntax and the words of error messages. */
export function opSymbol(op: FilterOp): string {
  return FILTER_OPERATORS[op].symbol;
}

/** What `op` compares with. */
export function operandOf(op: FilterOp): FilterOperand {
  return FILTER_OPERATORS[op].operand;
}

/** The operator `op` negates, or `op` itself when it is positive. */
export function positiveOf(op: FilterOp): FilterOp {
  return FILTER_OPERATORS[op].negates ?? op;
}
