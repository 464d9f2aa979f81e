/** The API's JSON shapes, from the one definition the server's routes use. */
export type * from "../../../src/app/http/api/contract.ts";
export type { RowDelete, RowInsert, RowResult, RowUpdate } from "../../../src/core/changes.ts";
export type { CellValue, FilterOp, FilterRow, Row, SortSpec } from "../../../src/core/grid.ts";
export type { QueryColumn, QueryTable } from "../../../src/core/query-table.ts";
