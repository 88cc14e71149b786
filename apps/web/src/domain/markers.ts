import type { Annotations, Marker } from '../api/types';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Positions are stored relative to the image (0..1) so they survive any display size; 4 decimals is sub-pixel. */
export function relativePosition(clientX: number, clientY: number, rect: Rect): { x: number; y: number } {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    x: round(clamp((clientX - rect.left) / (rect.width || 1))),
    y: round(clamp((clientY - rect.top) / (rect.height || 1))),
  };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The keyboard's placement cursor after an arrow key: 1 % of the picture per press, 10 % with Shift, kept on
 * the picture. Undefined for any other key.
 */
export function movedCursor(
  cursor: { x: number; y: number },
  key: string,
  coarse: boolean,
): { x: number; y: number } | undefined {
  const direction = ARROWS[key];
  if (!direction) return undefined;
  const step = coarse ? 0.1 : 0.01;
  const move = (value: number, by: number) =>
    Math.round(Math.min(1, Math.max(0, value + by * step)) * 10_000) / 10_000;
  return { x: move(cursor.x, direction[0]), y: move(cursor.y, direction[1]) };
}

/** Places (or moves) one marker, keeping the list sorted by number. */
export function placeMarker(annotations: Annotations | null, marker: Marker): Annotations {
  const others = (annotations?.markers ?? []).filter((m) => m.marker_number !== marker.marker_number);
  return { markers: [...others, marker].sort((a, b) => a.marker_number - b.marker_number) };
}

export function removeMarker(annotations: Annotations | null, markerNumber: number): Annotations {
  return { markers: (annotations?.markers ?? []).filter((m) => m.marker_number !== markerNumber) };
}

/** Reads annotations_json defensively: anything malformed is treated as "no markers" rather than crashing a station. */
export function markersOf(annotations: unknown): Marker[] {
  const list = (annotations as { markers?: unknown } | null)?.markers;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (m): m is Marker =>
      typeof m === 'object' &&
      m !== null &&
      Number.isInteger((m as Marker).marker_number) &&
      isUnit((m as Marker).x) &&
      isUnit((m as Marker).y),
  );
}

function isUnit(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= 1;
}

/** The next free marker number in a recipe version (GUIDE: unique within a version). */
export function nextMarkerNumber(used: Iterable<number>): number {
  let max = 0;
  for (const n of used) max = Math.max(max, n);
  return max + 1;
}
