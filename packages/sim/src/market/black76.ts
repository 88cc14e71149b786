/** Black-76 on the forward with r = 0 (Deribit's convention): undiscounted premium in quote units. */

export function normalCdf(x: number): number {
  // Abramowitz–Stegun 7.1.26 on erf; absolute error below 1.5e-7, plenty for simulated marks.
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

export function black76(
  forward: number,
  strike: number,
  vol: number,
  years: number,
  type: 'call' | 'put',
): number {
  if (years <= 0 || vol <= 0) return Math.max(0, type === 'call' ? forward - strike : strike - forward);
  const spread = vol * Math.sqrt(years);
  const d1 = (Math.log(forward / strike) + (spread * spread) / 2) / spread;
  const d2 = d1 - spread;
  return type === 'call'
    ? forward * normalCdf(d1) - strike * normalCdf(d2)
    : strike * normalCdf(-d2) - forward * normalCdf(-d1);
}

/** A smile with put skew and curvature, in the style of crypto option surfaces. */
export function smileVol(atmVol: number, forward: number, strike: number): number {
  const m = Math.log(strike / forward);
  return atmVol * (1 - 0.12 * m + 0.9 * m * m);
}
