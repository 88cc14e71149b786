import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * A list in a tool's answer whose items are made a slice at a time, so an answer of half a million candles is
 * held as columns of numbers rather than as half a million objects. Transports ask for slices: a long list is
 * streamed chunk by chunk (streamed-body.ts), a short one is turned into an array for the route's serializer
 * (`listsAsArrays`). JSON.stringify renders it as the array it stands for. Read-only.
 */
export class LazyList<T> {
  constructor(
    readonly length: number,
    private readonly item: (index: number) => T,
  ) {}

  /** Items [start, end) as fresh objects (ends clamped like Array.prototype.slice, without negative indexes). */
  slice(start = 0, end = this.length): T[] {
    const from = Math.max(0, start);
    const to = Math.min(this.length, end);
    const out = new Array<T>(Math.max(0, to - from));
    for (let i = from; i < to; i++) out[i - from] = this.item(i);
    return out;
  }

  toJSON(): T[] {
    return this.slice();
  }
}

/** The items of a list, an array or a LazyList alike. */
export type ListOf<T> = readonly T[] | LazyList<T>;

/**
 * The schema of an array of `items`, whose static type also admits a LazyList: the JSON schema (validation,
 * serialisation, OpenAPI) is exactly Type.Array's.
 */
export const listOf = <T extends TSchema>(items: T) => Type.Unsafe<ListOf<Static<T>>>(Type.Array(items));

/**
 * The body with its lazy lists as arrays, for a serializer that takes arrays only: a copy when it has any
 * (the body may be shared by every call), else the body itself.
 */
export function listsAsArrays(body: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in body) {
    const value = body[key];
    if (value instanceof LazyList) {
      copy ??= Object.assign({}, body);
      copy[key] = value.slice();
    }
  }
  return copy ?? body;
}
