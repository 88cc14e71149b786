import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { LazyList, listsAsArrays } from './lazy-list.js';
import { CHUNK_ITEMS, largeBodyStreamer, STREAM_MIN_ITEMS } from './streamed-body.js';

const Bar = Type.Object({ t: Type.Number(), v: Type.Number() });
const MergedBar = Type.Object({ t: Type.Number(), v: Type.Number(), sources: Type.Integer() });
const Single = Type.Object({
  exchange: Type.Literal('optx'),
  bars: Type.Array(Bar),
  tags: Type.Array(Type.String()),
  stamp: Type.String({ format: 'date-time' }),
});
const Merged = Type.Object({
  exchange: Type.Null(),
  bars: Type.Array(MergedBar),
  stamp: Type.String({ format: 'date-time' }),
});
const History = Type.Union([Single, Merged]);

const bars = (n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => ({ t: i, v: i / 2, ...extra }));
const stamp = '2026-11-21T00:00:00.000Z';

const streamed = async (stream: Readable | undefined) => {
  if (!stream) throw new Error('expected a stream');
  return text(stream);
};

describe('largeBodyStreamer', () => {
  it('leaves schemas without top-level arrays and bodies with short arrays to the route serializer', () => {
    expect(largeBodyStreamer(Type.Object({ price: Type.Number() }))).toBeUndefined();
    const stream = largeBodyStreamer(History);
    expect(stream?.({ exchange: 'optx', bars: bars(STREAM_MIN_ITEMS), tags: [], stamp })).toBeUndefined();
  });

  it('streams a long array as the same JSON, across chunk boundaries, dropping fields outside the schema', async () => {
    const count = CHUNK_ITEMS * 2 + 7;
    const body = {
      exchange: 'optx',
      bars: bars(count, { secret: 'x' }),
      tags: ['a', 'b'],
      stamp,
      internal: 1,
    };
    const json = JSON.parse(await streamed(largeBodyStreamer(History)?.(body)));
    expect(json).toEqual({ exchange: 'optx', bars: bars(count), tags: ['a', 'b'], stamp });
  });

  it('picks the union member by the fields beside the arrays, so each member keeps its own item fields', async () => {
    const body = { exchange: null, bars: bars(STREAM_MIN_ITEMS + 1, { sources: 2 }), stamp };
    const json = JSON.parse(await streamed(largeBodyStreamer(History)?.(body)));
    expect(json.exchange).toBeNull();
    expect(json.bars).toHaveLength(STREAM_MIN_ITEMS + 1);
    expect(json.bars[STREAM_MIN_ITEMS]).toEqual({ t: STREAM_MIN_ITEMS, v: STREAM_MIN_ITEMS / 2, sources: 2 });
  });

  it('writes a body that is nothing but its array', async () => {
    const stream = largeBodyStreamer(Type.Object({ items: Type.Array(Type.Integer()) }));
    const items = Array.from({ length: STREAM_MIN_ITEMS + 1 }, (_, i) => i);
    expect(JSON.parse(await streamed(stream?.({ items })))).toEqual({ items });
  });

  it('leaves a body no member matches to the route serializer, which reports it', () => {
    const stream = largeBodyStreamer(History);
    expect(stream?.({ exchange: 'perpdex', bars: bars(STREAM_MIN_ITEMS + 1), stamp })).toBeUndefined();
    expect(
      stream?.({ exchange: 'optx', bars: bars(STREAM_MIN_ITEMS + 1), tags: [], stamp: 'yesterday' }),
    ).toBe(undefined);
  });

  it('streams a LazyList as the array it stands for, asking for its items a chunk at a time', async () => {
    const count = CHUNK_ITEMS * 3 + 5;
    const asked: number[] = [];
    const list = new LazyList(count, (i) => ({ t: i, v: i / 2 }));
    const slice = list.slice.bind(list);
    list.slice = (start, end) => {
      const items = slice(start, end);
      asked.push(items.length);
      return items;
    };
    const json = JSON.parse(
      await streamed(largeBodyStreamer(History)?.({ exchange: 'optx', bars: list, tags: [], stamp })),
    );
    expect(json).toEqual({ exchange: 'optx', bars: bars(count), tags: [], stamp });
    expect(Math.max(...asked)).toBe(CHUNK_ITEMS);
  });
});

describe('lazy lists', () => {
  it('slice like arrays, render as arrays in JSON, and become arrays for the route serializer', () => {
    const list = new LazyList(4, (i) => i * 10);
    expect(list.slice(1, 3)).toEqual([10, 20]);
    expect(list.slice(2, 99)).toEqual([20, 30]);
    expect(list.slice()).toEqual([0, 10, 20, 30]);
    expect(JSON.stringify({ list })).toBe('{"list":[0,10,20,30]}');
    expect(listsAsArrays({ list, other: 'x' })).toEqual({ list: [0, 10, 20, 30], other: 'x' });
  });
});
