/**
 * What a maker picks a point's measurement type from, each with the units it is given in (the first is the
 * default). The API stores both as text, so a point from before this list, or of a type not listed, keeps its
 * own type and unit and is offered them as they are.
 */
export const MEASUREMENT_TYPES = [
  { type: 'length', units: ['mm', 'µm', 'in'] },
  { type: 'diameter', units: ['mm', 'µm', 'in'] },
  { type: 'radius', units: ['mm', 'in'] },
  { type: 'depth', units: ['mm', 'µm', 'in'] },
  { type: 'distance', units: ['mm', 'in'] },
  { type: 'angle', units: ['°', "'", 'rad'] },
  { type: 'flatness', units: ['mm', 'µm'] },
  { type: 'roundness', units: ['mm', 'µm'] },
  { type: 'position', units: ['mm', 'µm'] },
  { type: 'roughness', units: ['µm'] },
  { type: 'hardness', units: ['HRC', 'HB', 'HV'] },
  { type: 'mass', units: ['g', 'kg'] },
  { type: 'torque', units: ['N·m'] },
  { type: 'temperature', units: ['°C'] },
] as const;

export type MeasurementType = (typeof MEASUREMENT_TYPES)[number]['type'];

/** Units to offer for a type; a type or unit the list does not know is offered as stored. */
export function unitsFor(type: string, current?: string): readonly string[] {
  const known = MEASUREMENT_TYPES.find((entry) => entry.type === type)?.units ?? [];
  return current && !known.includes(current as never) ? [current, ...known] : known;
}

export const isListedType = (type: string): type is MeasurementType =>
  MEASUREMENT_TYPES.some((entry) => entry.type === type);
