import { BOOLEAN, DOUBLE, type DuckDBAppender, DuckDBDataChunk, type DuckDBType, type DuckDBValue, DuckDBVector, VARCHAR } from '@duckdb/node-api';
import type { Column, ColumnType, Row } from './types';

// Rows go into a DuckDB appender one data chunk at a time, filled a column at a time: a number costs a
// write into the vector's memory and a string one call into DuckDB, where appending row by row costs a
// call for every value and every row. The appender casts each vector to its table column's type (ISO
// text to a timestamp, a double to a BIGINT), as it casts a single appended value.

/** A column of the appended table, in table order: a field of every row, or one value for all of them. */
export type AppendColumn = { field: string; type: ColumnType } | { constant: DuckDBValue; type: DuckDBType };

// Whole numbers travel as doubles: exact for every safe integer, which is all a bigint column is given
// (LoadColumns widens a column to double or text for anything else), and no BigInt is made per value.
const CHUNK_TYPES: Record<ColumnType, DuckDBType> = { bigint: DOUBLE, double: DOUBLE, boolean: BOOLEAN, timestamp: VARCHAR, text: VARCHAR };

type Convert = (value: NonNullable<Row[string]>) => DuckDBValue;
const CONVERT: Record<ColumnType, Convert> = {
  bigint: (value) => Math.trunc(Number(value)),
  double: (value) => Number(value),
  boolean: (value) => value === true || value === 'true',
  timestamp: (value) => (typeof value === 'string' ? value : String(value)),
  text: (value) => (typeof value === 'string' ? value : String(value)),
};

/** Columns that all come from the rows' fields of the same names. */
export const fieldColumns = (columns: readonly Column[]): AppendColumn[] => columns.map((column) => ({ field: column.name, type: column.type }));

export const appendColumnType = (column: AppendColumn) => ('field' in column ? CHUNK_TYPES[column.type] : column.type);

/**
 * An appender fed through one data chunk, refilled for every 2,048 rows: a chunk's memory is DuckDB's,
 * freed only once the garbage collector finalizes its small JavaScript wrapper, so a chunk made per
 * 2,048 rows would pile up (gigabytes over ten million rows) before any is freed.
 */
export class ChunkAppender {
  private readonly chunk: DuckDBDataChunk;

  /** `columns` are the appender's, in order. */
  constructor(
    private readonly appender: DuckDBAppender,
    private readonly columns: readonly AppendColumn[],
  ) {
    this.chunk = DuckDBDataChunk.create(columns.map(appendColumnType));
  }

  append(rows: readonly Row[]): void {
    const size = DuckDBVector.standardSize();
    for (let start = 0; start < rows.length; start += size) {
      const count = Math.min(size, rows.length - start);
      this.chunk.reset();
      this.chunk.rowCount = count;
      this.columns.forEach((column, index) => {
        const vector = this.chunk.getColumnVector(index);
        if ('field' in column) fillFromRows(vector, rows, start, column.field, CONVERT[column.type]);
        else for (let row = 0; row < count; row += 1) vector.setItem(row, column.constant);
        vector.flush();
      });
      this.appender.appendDataChunk(this.chunk);
    }
  }

  /** Flushes what the appender holds into its table. */
  close(): void {
    this.appender.closeSync();
  }
}

function fillFromRows(vector: DuckDBVector, rows: readonly Row[], start: number, field: string, convert: Convert): void {
  const count = vector.itemCount;
  for (let index = 0; index < count; index += 1) {
    const value = rows[start + index]?.[field];
    vector.setItem(index, value === null || value === undefined ? null : convert(value));
  }
}
