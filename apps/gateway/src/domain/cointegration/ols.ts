/**
 * Ordinary least squares on plain number arrays, the arithmetic behind the Engle–Granger test. Regressors are
 * columns (no implicit intercept); the normal equations are solved by Cholesky, which is exact enough for the
 * few, well-conditioned regressors of an ADF regression (agreement with statsmodels to 1e-6 is tested).
 */

/** The cross products of a regression: `XᵀX` (row-major, k×k), `Xᵀy`, `yᵀy` and the row count. */
export interface CrossProducts {
  xtx: Float64Array;
  xty: Float64Array;
  yty: number;
  k: number;
  n: number;
}

/** `XᵀX`, `Xᵀy` and `yᵀy` of `columns` (each of length n) and `y`. */
export function crossProducts(columns: readonly ArrayLike<number>[], y: ArrayLike<number>): CrossProducts {
  const k = columns.length;
  const n = y.length;
  const xtx = new Float64Array(k * k);
  const xty = new Float64Array(k);
  for (let a = 0; a < k; a++) {
    const ca = columns[a]!;
    let sy = 0;
    for (let t = 0; t < n; t++) sy += ca[t]! * y[t]!;
    xty[a] = sy;
    for (let b = 0; b <= a; b++) {
      const cb = columns[b]!;
      let s = 0;
      for (let t = 0; t < n; t++) s += ca[t]! * cb[t]!;
      xtx[a * k + b] = s;
      xtx[b * k + a] = s;
    }
  }
  let yty = 0;
  for (let t = 0; t < n; t++) yty += y[t]! * y[t]!;
  return { xtx, xty, yty, k, n };
}

/**
 * The Cholesky factor L (lower, row-major m×m) of the leading m×m block of a k×k matrix; null when the block is
 * not positive definite (collinear regressors).
 */
function cholesky(matrix: Float64Array, k: number, m: number): Float64Array | null {
  const l = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let s = matrix[i * k + j]!;
      for (let p = 0; p < j; p++) s -= l[i * m + p]! * l[j * m + p]!;
      if (i === j) {
        if (!(s > 0)) return null;
        l[i * m + i] = Math.sqrt(s);
      } else l[i * m + j] = s / l[j * m + j]!;
    }
  }
  return l;
}

/** The least-squares fit on the first `m` regressors of `cp`: coefficients, SSR, and `(XᵀX)⁻¹`'s diagonal. */
export interface OlsFit {
  coefficients: Float64Array;
  ssr: number;
  /** Diagonal of `(XᵀX)⁻¹`: a coefficient's variance is `σ̂² × inverseDiagonal[i]`. */
  inverseDiagonal: Float64Array;
  n: number;
}

/** Solves the normal equations of the leading `m` regressors; null when they are collinear. */
export function solveLeading(cp: CrossProducts, m: number = cp.k): OlsFit | null {
  const l = cholesky(cp.xtx, cp.k, m);
  if (!l) return null;
  // Forward substitution L z = Xᵀy, then back substitution Lᵀ β = z.
  const z = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let s = cp.xty[i]!;
    for (let p = 0; p < i; p++) s -= l[i * m + p]! * z[p]!;
    z[i] = s / l[i * m + i]!;
  }
  const beta = new Float64Array(m);
  for (let i = m - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let p = i + 1; p < m; p++) s -= l[p * m + i]! * beta[p]!;
    beta[i] = s / l[i * m + i]!;
  }
  // SSR = yᵀy − βᵀXᵀy = yᵀy − zᵀz (from the same factorisation).
  let explained = 0;
  for (let i = 0; i < m; i++) explained += z[i]! * z[i]!;
  // diag((XᵀX)⁻¹) = column sums of squares of L⁻¹.
  const inverseDiagonal = new Float64Array(m);
  const column = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    column.fill(0);
    column[j] = 1 / l[j * m + j]!;
    for (let i = j + 1; i < m; i++) {
      let s = 0;
      for (let p = j; p < i; p++) s -= l[i * m + p]! * column[p]!;
      column[i] = s / l[i * m + i]!;
    }
    let sum = 0;
    for (let i = j; i < m; i++) sum += column[i]! * column[i]!;
    inverseDiagonal[j] = sum;
  }
  return { coefficients: beta, ssr: Math.max(0, cp.yty - explained), inverseDiagonal, n: cp.n };
}

/** The least-squares fit of `y` on `columns`; null when they are collinear. */
export const ols = (columns: readonly ArrayLike<number>[], y: ArrayLike<number>): OlsFit | null =>
  solveLeading(crossProducts(columns, y));

/** A simple regression with intercept, `y = α + β x`: slope, intercept and residuals (centred sums, stable). */
export interface LineFit {
  alpha: number;
  beta: number;
  residuals: Float64Array;
  /** Coefficient of determination. */
  rSquared: number;
}

/** `y = α + β x` by least squares; null when `x` has no variance. */
export function fitLine(x: ArrayLike<number>, y: ArrayLike<number>): LineFit | null {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let t = 0; t < n; t++) {
    mx += x[t]!;
    my += y[t]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let t = 0; t < n; t++) {
    const dx = x[t]! - mx;
    const dy = y[t]! - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (!(sxx > 0)) return null;
  const beta = sxy / sxx;
  const alpha = my - beta * mx;
  const residuals = new Float64Array(n);
  let ssr = 0;
  for (let t = 0; t < n; t++) {
    const e = y[t]! - alpha - beta * x[t]!;
    residuals[t] = e;
    ssr += e * e;
  }
  return { alpha, beta, residuals, rSquared: syy > 0 ? 1 - ssr / syy : 1 };
}
