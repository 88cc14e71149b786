import { Type } from '@sinclair/typebox';
import { nullable } from './sentiment.schema.js';

export const NewsItemSchema = Type.Object({
  id: Type.String({ description: 'sha1 of canonical_url' }),
  source: Type.String(),
  title: Type.String(),
  url: Type.String(),
  canonical_url: Type.String(),
  published_at: Type.String({ format: 'date-time' }),
  published_estimated: Type.Boolean({
    description: 'The feed gave no usable date: the fetch time stands in',
  }),
  summary: Type.String({ description: 'Plain text, at most 400 characters' }),
  authors: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  image_url: nullable(Type.String()),
  also_reported_by: Type.Array(Type.String(), { description: 'Other sources with the same story' }),
  duplicates: Type.Integer({ description: 'Copies merged into this item' }),
});

export const NEWS_ITEM_EXAMPLE = {
  id: '0b9f3c1e8f1d2a4b5c6d7e8f9a0b1c2d3e4f5a6b',
  source: 'coindesk',
  title: 'Bitcoin ETFs Log Fifth Day of Inflows',
  url: 'https://www.coindesk.com/markets/2025/06/16/bitcoin-etfs-log-fifth-day-of-inflows',
  canonical_url: 'https://coindesk.com/markets/2025/06/16/bitcoin-etfs-log-fifth-day-of-inflows',
  published_at: '2025-06-16T13:05:12.000Z',
  published_estimated: false,
  summary: 'Spot bitcoin ETFs took in $412 million…',
  authors: ['A. Writer'],
  categories: ['Markets'],
  image_url: null,
  also_reported_by: ['cointelegraph'],
  duplicates: 1,
};
