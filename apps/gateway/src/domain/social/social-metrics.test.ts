import { describe, expect, it } from 'vitest';
import { composite, fearGreed, socialBlock } from './social-metrics.js';

const DAY = 86_400;

describe('social metrics, worked by hand', () => {
  it('Fear & Greed: the notes’ three days give value 62, change_1d +4, no 7-day value', () => {
    const block = fearGreed([
      { value: 62, classification: 'Greed', timestamp: 1750032000 },
      { value: 58, classification: 'Greed', timestamp: 1750032000 - DAY },
      { value: 49, classification: 'Neutral', timestamp: 1750032000 - 2 * DAY },
    ])!;
    expect(block).toEqual({
      value: 62,
      classification: 'Greed',
      date: '2025-06-16',
      change_1d: 4,
      change_7d: null,
      avg_30d: 56.33,
    });
  });

  it('LunarCrush: sentiment weighted by interactions over 24 buckets, change against the 24 before', () => {
    const buckets = Array.from({ length: 48 }, (_, i) => ({
      time: i * 3600,
      interactions: i < 24 ? 100 : i % 2 ? 300 : 100,
      sentiment: i < 24 ? 70 : i % 2 ? 80 : 60,
      galaxy_score: 61,
    }));
    const block = socialBlock(buckets)!;
    // Last 24: 12 × (300 × 80) + 12 × (100 × 60) over 12 × 400 → 75; before: 70.
    expect(block.sentiment_24h).toBe(75);
    expect(block.sentiment_change).toBe(5);
    expect(block.interactions_24h).toBe(12 * 400);
    expect(block.galaxy_score).toBe(61);
    expect(block.alt_rank).toBeNull();
  });

  it('composite: half and half, or Fear & Greed alone', () => {
    const fng = {
      value: 62,
      classification: 'Greed',
      date: '2025-06-16',
      change_1d: 4,
      change_7d: null,
      avg_30d: 58,
    };
    const social = socialBlock([{ time: 0, interactions: 1, sentiment: 78.6 }]);
    expect(composite(fng, social)).toEqual({ value: 70.3, basis: ['fear_greed', 'lunarcrush'] });
    expect(composite(fng, null)).toEqual({ value: 62, basis: ['fear_greed'] });
  });
});
