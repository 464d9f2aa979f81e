/** The grid's columns of one index mapped with `properties`, read as the driver reads a mapping. */
import type { Column } from "../../src/core/grid.ts";
import {
  type MappingField,
  mappingToColumns,
} from "../../src/drivers/elasticsearch/table/mapping.ts";

export const columnsOf = (properties: Record<string, MappingField>): Column[] =>
  mappingToColumns({ t: { mappings: { properties } } });
