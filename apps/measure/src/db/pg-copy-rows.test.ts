import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CopyRowParser, copyStatement } from './pg-copy-rows.js';

/** Binary COPY output as PostgreSQL writes it (header, tuples of float8 and optional text, trailer). */
function copyOutput(rows: [number, string?][], extension = Buffer.alloc(0)): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')];
  const header = Buffer.alloc(8);
  header.writeInt32BE(extension.length, 4);
  parts.push(header, extension);
  for (const [value, text] of rows) {
    const head = Buffer.alloc(2 + 4 + 8);
    head.writeInt16BE(text === undefined ? 1 : 2, 0);
    head.writeInt32BE(8, 2);
    head.writeDoubleBE(value, 6);
    parts.push(head);
    if (text !== undefined) {
      const bytes = Buffer.from(text, 'utf8');
      const length = Buffer.alloc(4);
      length.writeInt32BE(bytes.length, 0);
      parts.push(length, bytes);
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

function parse(chunks: Buffer[]) {
  const rows: [number, string | undefined][] = [];
  const parser = new CopyRowParser((value, text) => rows.push([value, text]));
  for (const chunk of chunks) parser.push(chunk);
  return { rows, count: parser.end() };
}

describe('CopyRowParser', () => {
  const rows: [number, string?][] = [
    [10.001, '2026-01-01T00:00:00.000Z'],
    [-0, 'ü'],
    [Number.MIN_VALUE, ''],
    [1e300, '2026-01-01T00:00:01.000Z'],
  ];

  it('reads every row whole, at any split of the output into chunks', () => {
    const output = copyOutput(rows, Buffer.from('ext'));
    for (let cut = 0; cut <= output.length; cut++) {
      const { rows: read, count } = parse([output.subarray(0, cut), output.subarray(cut)]);
      expect(count).toBe(rows.length);
      expect(read).toEqual(rows);
    }
    const bytes = [...output].map((byte) => Buffer.from([byte]));
    expect(parse(bytes).rows).toEqual(rows);
  });

  it('reads rows of one float8 column', () => {
    expect(parse([copyOutput([[1.5], [2.5]])]).rows).toEqual([
      [1.5, undefined],
      [2.5, undefined],
    ]);
  });

  it('refuses output that is truncated, not binary COPY, or of other column types', () => {
    const output = copyOutput(rows);
    expect(() => parse([output.subarray(0, output.length - 1)])).toThrow(/truncated/);
    expect(() => parse([Buffer.from('1\t2\n'.repeat(10))])).toThrow(/binary COPY/);
    const int4 = copyOutput([[1]]);
    int4.writeInt32BE(4, 19 + 2);
    expect(() => parse([int4])).toThrow(/float8/);
  });
});

describe('copyStatement', () => {
  it('moves every parameter into a transaction-local setting, cast by its type', () => {
    const statement = copyStatement(
      CompiledQuery.raw('select "value" from "m" where "a" = $1 and "b" = $2 and "c" >= $3 order by "id"', [
        7,
        "LOT-'1",
        1.5,
      ]),
    );
    expect(statement.copy).toBe(
      `copy (select "value" from "m" where "a" = current_setting('measure.copy_param_1')::bigint and ` +
        `"b" = current_setting('measure.copy_param_2')::text and ` +
        `"c" >= current_setting('measure.copy_param_3')::double precision order by "id") to stdout (format binary)`,
    );
    expect(statement.settings).toBe(
      "select set_config('measure.copy_param_1', $1, true), set_config('measure.copy_param_2', $2, true), " +
        "set_config('measure.copy_param_3', $3, true)",
    );
    // The values travel only as bind parameters.
    expect(statement.values).toEqual(['7', "LOT-'1", '1.5']);
  });

  it('refuses SQL with literals or parameters it cannot type', () => {
    expect(() => copyStatement(CompiledQuery.raw("select 'x'", []))).toThrow(/literals/);
    expect(() => copyStatement(CompiledQuery.raw('select $1', [true]))).toThrow(/unsupported/);
    expect(() => copyStatement(CompiledQuery.raw('select $2', [1]))).toThrow(/no parameter/);
  });
});
