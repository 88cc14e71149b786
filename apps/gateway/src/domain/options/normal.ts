/**
 * Standard normal density and distribution function to double precision. The CDF is Hart's rational
 * approximation as given by West ("Better approximations to cumulative normal functions", 2005): about
 * 1e-15 absolute, and relative accuracy in the tail (it computes the tail directly, never 1 − N), which the
 * prices of far out-of-the-money options need.
 */

const INV_SQRT_2PI = 0.3989422804014327;

export const normalPdf = (x: number): number => INV_SQRT_2PI * Math.exp(-0.5 * x * x);

export function normalCdf(x: number): number {
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) tail = 0;
  else {
    const e = Math.exp(-0.5 * z * z);
    if (z < 7.07106781186547) {
      let num = 3.52624965998911e-2 * z + 0.700383064443688;
      num = num * z + 6.37396220353165;
      num = num * z + 33.912866078383;
      num = num * z + 112.079291497871;
      num = num * z + 221.213596169931;
      num = num * z + 220.206867912376;
      let den = 8.83883476483184e-2 * z + 1.75566716318264;
      den = den * z + 16.064177579207;
      den = den * z + 86.7807322029461;
      den = den * z + 296.564248779674;
      den = den * z + 637.333633378831;
      den = den * z + 793.826512519948;
      den = den * z + 440.413735824752;
      tail = (e * num) / den;
    } else {
      let b = z + 0.65;
      b = z + 4 / b;
      b = z + 3 / b;
      b = z + 2 / b;
      b = z + 1 / b;
      tail = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}
