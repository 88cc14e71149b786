/**
 * Stateless pseudo-random numbers: every value is a pure function of
 * (seed, stream, index), so any bar at any time can be generated without
 * replaying history. The mixer is the "lowbias32" integer hash.
 */

function mix32(value: number): number {
  let x = value | 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

const streams = new Map<string, number>();

/** A 32-bit stream id for a text label (coin, venue, instrument), so streams never collide by accident. */
export function streamId(label: string): number {
  let id = streams.get(label);
  if (id === undefined) {
    let h = 0x811c9dc5;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
    id = mix32(h);
    if (streams.size < 100_000) streams.set(label, id);
  }
  return id;
}

function raw32(seed: number, stream: number, index: number): number {
  const lo = (index % 0x100000000) >>> 0;
  const hi = Math.floor(index / 0x100000000) >>> 0;
  return mix32(seed ^ mix32(stream ^ mix32(lo ^ mix32(hi + 0x9e3779b9))));
}

/** Uniform in [0, 1) for an integer index that may exceed 2^32 (e.g. epoch minutes times an octave). */
export function uniform(seed: number, stream: number, index: number): number {
  return raw32(seed, stream, index) / 0x100000000;
}

/**
 * Approximately standard normal: Irwin–Hall with four 16-bit uniforms taken
 * from two hashes, rescaled. Cheap, bounded at ±3.46, fine for market noise.
 */
export function gaussian(seed: number, stream: number, index: number): number {
  const a = raw32(seed, stream, index);
  const b = mix32(a ^ 0x9e3779b9);
  const sum = (a & 0xffff) + (a >>> 16) + (b & 0xffff) + (b >>> 16);
  return (sum / 65536 - 2) * Math.sqrt(3);
}
