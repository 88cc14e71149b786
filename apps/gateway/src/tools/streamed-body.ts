import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { schemaCheck } from '@app/kit';
import { type TObject, type TSchema, TypeGuard } from '@sinclair/typebox';
import fastJsonStringify from 'fast-json-stringify';
import { LazyList } from './lazy-list.js';

/** A body with a top-level array longer than this is streamed. */
export const STREAM_MIN_ITEMS = 2_000;
/** Array items serialised per chunk of the stream (about 100 kB of candles). */
export const CHUNK_ITEMS = 1_000;

type Serialize = (value: unknown) => string;

/** An array, or a LazyList standing for one (its items made a chunk at a time). */
const isList = (value: unknown): value is unknown[] | LazyList<unknown> =>
  Array.isArray(value) || value instanceof LazyList;

/** Whether an answer has a list long enough to stream, looked up without copying the answer. */
export function hasLongList(data: Record<string, unknown>): boolean {
  for (const key in data) {
    const value = data[key];
    if (isList(value) && value.length > STREAM_MIN_ITEMS) return true;
  }
  return false;
}

/** One object shape of a tool's answer: its fields other than the arrays, and each array's item serializer. */
interface Shape {
  matches: (envelope: Record<string, unknown>) => boolean;
  envelope: Serialize;
  arrays: { key: string; serialize: Serialize }[];
}

function shapeOf(member: TObject): Shape | undefined {
  const arrays = Object.entries(member.properties).flatMap(([key, property]) =>
    TypeGuard.IsArray(property) ? [{ key, items: property.items }] : [],
  );
  if (arrays.length === 0) return undefined;
  const arrayKeys = new Set(arrays.map(({ key }) => key));
  const envelopeSchema = {
    ...member,
    properties: Object.fromEntries(Object.entries(member.properties).filter(([key]) => !arrayKeys.has(key))),
    required: (member.required ?? []).filter((key) => !arrayKeys.has(key)),
  };
  return {
    matches: schemaCheck(envelopeSchema),
    envelope: fastJsonStringify(envelopeSchema),
    arrays: arrays.map(({ key, items }) => ({
      key,
      serialize: fastJsonStringify({ type: 'array', items }) as Serialize,
    })),
  };
}

/**
 * The body's text after `head` (its other fields): the arrays, chunk by chunk, as the reader asks. After each
 * chunk the event loop serves other work first: a socket whose kernel buffer still has room takes chunk after
 * chunk without ever saying wait, which held the loop for 100–150 ms per answer here.
 */
async function* jsonText(body: Record<string, unknown>, shape: Shape, head: string) {
  let separator = head === '{}' ? '' : ',';
  yield head.slice(0, -1);
  for (const { key, serialize } of shape.arrays) {
    const items = body[key] as unknown[] | LazyList<unknown>;
    yield `${separator}${JSON.stringify(key)}:[`;
    for (let start = 0; start < items.length; start += CHUNK_ITEMS) {
      const chunk = serialize(items.slice(start, start + CHUNK_ITEMS));
      // fast-json-stringify writes `[…]`; the brackets are the stream's, once around all chunks.
      yield `${start === 0 ? '' : ','}${chunk.slice(1, -1)}`;
      await setImmediate();
    }
    yield ']';
    separator = ',';
  }
  yield '}';
}

/**
 * Large tool answers as a stream of JSON text. fast-json-stringify builds one string for the whole body:
 * for a year of 1 m candles (525,600 of them, 53 MB) that took 1.6–2.3 s here, during which the event loop
 * answers nobody else, and the whole string sits in memory. A body with a top-level array longer than
 * STREAM_MIN_ITEMS is written instead as its other fields, then its arrays, CHUNK_ITEMS at a time as the
 * socket takes them, each chunk by fast-json-stringify from the array's schema, so fields outside the
 * schema are left out as on the normal path. The arrays come last in the text; JSON objects have no order.
 * An array may be a LazyList (lazy-list.ts): its items are then made a chunk at a time, as they are written.
 *
 * Returns undefined for a schema without top-level arrays; the returned function answers undefined for a
 * body it leaves to the route's serializer (nothing large, or no member of the schema matches).
 */
export function largeBodyStreamer(
  schema: TSchema,
): ((body: Record<string, unknown>) => Readable | undefined) | undefined {
  const members = TypeGuard.IsUnion(schema) ? schema.anyOf : [schema];
  const shapes = members.flatMap((member) => {
    const shape = TypeGuard.IsObject(member) ? shapeOf(member) : undefined;
    return shape ? [shape] : [];
  });
  if (shapes.length === 0) return undefined;
  return (body) => {
    const large = shapes.some((shape) =>
      shape.arrays.some(({ key }) => {
        const value = body[key];
        return isList(value) && value.length > STREAM_MIN_ITEMS;
      }),
    );
    if (!large) return undefined;
    const envelope: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) if (!isList(value)) envelope[key] = value;
    const shape = shapes.find((candidate) => candidate.matches(envelope));
    if (!shape || shape.arrays.some(({ key }) => !isList(body[key]))) return undefined;
    // The fields first and now, so a body that breaks the schema fails before the status line is sent.
    const head = shape.envelope(envelope);
    return Readable.from(jsonText(body, shape, head), { objectMode: false });
  };
}
