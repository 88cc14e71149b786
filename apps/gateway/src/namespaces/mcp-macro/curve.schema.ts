import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { TENORS } from '../../domain/yield-curve.js';

/** One property per tenor of the par curve, in maturity order; null where the source has no value. */
function byTenor(description: string): TObject {
  const properties: Record<string, TSchema> = {};
  for (const tenor of TENORS) properties[tenor] = Type.Union([Type.Number(), Type.Null()]);
  return Type.Object(properties, { description });
}

export const CurveSchema = byTenor(
  'Par yields in percent by tenor (1M … 30Y); null where none was published',
);
export const CurveChangeSchema = byTenor(
  'Change by tenor in basis points; null where either end lacks the tenor',
);

export const DatedCurveSchema = Type.Object({
  date: Type.String({ format: 'date', description: 'Business day of the curve' }),
  as_of: Type.String({
    format: 'date-time',
    description: 'When its quotes were taken: 15:30 New York time that day (UTC)',
  }),
  curve: CurveSchema,
});

/** The `date` input of the curve tools: a day on or after the feed's first. */
export const CurveDateInput = Type.String({
  format: 'date',
  description: 'The curve on or before this day (YYYY-MM-DD, from 1990-01-02); the latest when omitted',
});

/** Where the curves came from: Treasury's XML feed, or FRED's DGS* series while the feed fails. */
export const CurveSourceSchema = Type.Union([Type.Literal('us_treasury_xml'), Type.Literal('fred_dgs')], {
  description: 'us_treasury_xml; fred_dgs when Treasury failed (FRED has no 1.5M, 2M or 4M point)',
});
