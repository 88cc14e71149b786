import { describe, expect, it } from 'vitest';
import {
  markersOf,
  movedCursor,
  nextMarkerNumber,
  placeMarker,
  relativePosition,
  removeMarker,
} from './markers';

describe('relativePosition', () => {
  const rect = { left: 100, top: 50, width: 400, height: 200 };

  it('maps a click to 0..1 of the image box', () => {
    expect(relativePosition(300, 150, rect)).toEqual({ x: 0.5, y: 0.5 });
    expect(relativePosition(100, 50, rect)).toEqual({ x: 0, y: 0 });
    expect(relativePosition(133.3333, 116.6667, rect)).toEqual({ x: 0.0833, y: 0.3333 });
  });

  it('clamps clicks on the border outside the image', () => {
    expect(relativePosition(90, 300, rect)).toEqual({ x: 0, y: 1 });
  });
});

describe('placeMarker', () => {
  it('adds, moves and keeps markers sorted by number', () => {
    let annotations = placeMarker(null, { marker_number: 2, x: 0.5, y: 0.5 });
    annotations = placeMarker(annotations, { marker_number: 1, x: 0.1, y: 0.2 });
    annotations = placeMarker(annotations, { marker_number: 2, x: 0.9, y: 0.9 });
    expect(annotations).toEqual({
      markers: [
        { marker_number: 1, x: 0.1, y: 0.2 },
        { marker_number: 2, x: 0.9, y: 0.9 },
      ],
    });
    expect(removeMarker(annotations, 1)).toEqual({ markers: [{ marker_number: 2, x: 0.9, y: 0.9 }] });
  });
});

describe('markersOf', () => {
  it('drops malformed entries instead of failing', () => {
    expect(markersOf(null)).toEqual([]);
    expect(markersOf({ markers: 'x' })).toEqual([]);
    expect(
      markersOf({ markers: [{ marker_number: 1, x: 0.2, y: 0.3 }, { marker_number: 2, x: 3, y: 0 }, null] }),
    ).toEqual([{ marker_number: 1, x: 0.2, y: 0.3 }]);
  });
});

describe('nextMarkerNumber', () => {
  it('follows the highest number in use', () => {
    expect(nextMarkerNumber([])).toBe(1);
    expect(nextMarkerNumber([1, 4, 2])).toBe(5);
  });
});

describe('movedCursor', () => {
  it('moves 1 % per arrow key and 10 % with Shift, staying on the picture', () => {
    expect(movedCursor({ x: 0.5, y: 0.5 }, 'ArrowRight', false)).toEqual({ x: 0.51, y: 0.5 });
    expect(movedCursor({ x: 0.5, y: 0.5 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.4 });
    expect(movedCursor({ x: 0.03, y: 0.97 }, 'ArrowLeft', true)).toEqual({ x: 0, y: 0.97 });
    expect(movedCursor({ x: 0.03, y: 0.97 }, 'ArrowDown', true)).toEqual({ x: 0.03, y: 1 });
  });

  it('ignores other keys', () => {
    expect(movedCursor({ x: 0.5, y: 0.5 }, 'a', false)).toBeUndefined();
  });
});
