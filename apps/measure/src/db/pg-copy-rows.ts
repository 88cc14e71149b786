/**
 * Reads a query's rows through PostgreSQL's binary COPY, for the one place where a million rows must
 * come back fast: the statistics' series. `FETCH` from a cursor costs about half a microsecond a row in
 * the driver (a message object and a row object each); COPY streams the rows as plain bytes, which are
 * parsed here without allocating anything per row but the text column.
 *
 * COPY takes no bind parameters, so the values never enter the SQL text: each `$n` of the compiled
 * query becomes `current_setting('measure.copy_param_n')::<type>`, and the values are set first with a
 * parameterised `set_config(…, true)`, which lasts until the end of the (read-only) transaction.
 */
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** The visitor of a row of (number, text?): the row's first column and, when selected, its second. */
export type NumberTextVisitor = (value: number, text: string | undefined) => void;

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

function castOf(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'bigint' : 'double precision';
  if (typeof value === 'string') return 'text';
  throw new TypeError(`copyRows: unsupported parameter type ${typeof value}`);
}

/** The COPY statement and the set_config call that supplies its parameters. */
export function copyStatement(query: CompiledQuery): { copy: string; settings: string; values: string[] } {
  // The rewrite below is only safe where "$n" can only be a placeholder; Kysely quotes identifiers with
  // double quotes and passes every value as a parameter, so a quote here means a hand-written literal.
  if (query.sql.includes("'")) throw new TypeError('copyRows: the query must not contain string literals');
  const parameters = query.parameters;
  const sql = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (!(index in parameters)) throw new RangeError(`copyRows: no parameter $${n}`);
    return `current_setting('measure.copy_param_${n}')::${castOf(parameters[index])}`;
  });
  const settings = parameters.map((_, i) => `set_config('measure.copy_param_${i + 1}', $${i + 1}, true)`);
  return {
    copy: `copy (${sql}) to stdout (format binary)`,
    settings: `select ${settings.join(', ') || 'null'}`,
    values: parameters.map((value) => String(value)),
  };
}

/**
 * Parses binary COPY output of rows whose first column is float8 and optional second is text.
 * Rows may span chunks: the unparsed tail of one chunk is joined to the next.
 */
export class CopyRowParser {
  private pending: Buffer = Buffer.alloc(0);
  private headerRead = false;
  private finished = false;
  rows = 0;

  constructor(private readonly visit: NumberTextVisitor) {}

  push(chunk: Buffer): void {
    const buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = this.headerRead ? 0 : this.readHeader(buffer);
    if (at < 0) {
      this.pending = buffer;
      return;
    }
    const end = buffer.length;
    while (at + 2 <= end) {
      const fields = buffer.readInt16BE(at);
      if (fields === -1) {
        this.finished = true;
        at += 2;
        break;
      }
      if (fields !== 1 && fields !== 2) throw new Error(`copyRows: expected 1 or 2 columns, got ${fields}`);
      let next = at + 2;
      if (next + 4 > end) break;
      const valueLength = buffer.readInt32BE(next);
      if (valueLength !== 8) throw new Error('copyRows: the first column must be a non-null float8');
      next += 4;
      if (next + 8 > end) break;
      const value = buffer.readDoubleBE(next);
      next += 8;
      let text: string | undefined;
      if (fields === 2) {
        if (next + 4 > end) break;
        const textLength = buffer.readInt32BE(next);
        if (textLength < 0) throw new Error('copyRows: the second column must not be null');
        next += 4;
        if (next + textLength > end) break;
        text = buffer.toString('utf8', next, next + textLength);
        next += textLength;
      }
      this.visit(value, text);
      this.rows += 1;
      at = next;
    }
    this.pending = buffer.subarray(at);
  }

  /** After the last chunk: the trailer must have been read and nothing may remain. */
  end(): number {
    if (!this.finished || this.pending.length > 0) throw new Error('copyRows: truncated COPY output');
    return this.rows;
  }

  /** Offset after the header, or -1 while the header is incomplete. */
  private readHeader(buffer: Buffer): number {
    const fixed = SIGNATURE.length + 8;
    if (buffer.length < fixed) return -1;
    if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE))
      throw new Error('copyRows: not binary COPY output');
    const extension = buffer.readInt32BE(SIGNATURE.length + 4);
    if (buffer.length < fixed + extension) return -1;
    this.headerRead = true;
    return fixed + extension;
  }
}

/**
 * Streams the rows of `query` (selecting a float8 and optionally a text, in its ORDER BY) to `visit`;
 * runs on `client`, which must be inside a transaction (the settings are transaction-local).
 */
export async function copyRows(
  client: pg.PoolClient,
  query: CompiledQuery,
  visit: NumberTextVisitor,
): Promise<number> {
  const statement = copyStatement(query);
  await client.query(statement.settings, statement.values);
  const parser = new CopyRowParser(visit);
  for await (const chunk of client.query(copyTo(statement.copy))) parser.push(chunk as Buffer);
  return parser.end();
}
