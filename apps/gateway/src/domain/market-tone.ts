/** Readings of the market overview (notes macro.md tool 3, proposals), pure. */

export type VolatilityRegime = 'calm' | 'normal' | 'elevated' | 'stressed';
export type MarketTone = 'risk_on' | 'risk_off' | 'mixed';

/** From the VIX level: < 15 calm, 15–20 normal, 20–30 elevated, ≥ 30 stressed. */
export function volatilityRegime(vix: number): VolatilityRegime {
  if (vix < 15) return 'calm';
  if (vix < 20) return 'normal';
  if (vix < 30) return 'elevated';
  return 'stressed';
}

/**
 * risk_on when the S&P 500 is up more than 0.3 % and the VIX is falling; risk_off when the S&P is down more
 * than 0.3 % and the VIX up more than 5 %; else mixed. Null without both changes.
 */
export function riskTone(spxChangePct: number | null, vixChangePct: number | null): MarketTone | null {
  if (spxChangePct === null || vixChangePct === null) return null;
  if (spxChangePct > 0.3 && vixChangePct < 0) return 'risk_on';
  if (spxChangePct < -0.3 && vixChangePct > 5) return 'risk_off';
  return 'mixed';
}
