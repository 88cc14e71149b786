/**
 * Two-way crossed ANOVA of a gage R&R study (parts × operators, every operator measures every part the
 * same number of times), with the operator-by-part interaction pooled into repeatability when its
 * p-value is above 0.25 (AIAG MSA 4th edition). Parts and operators are random factors, so with the
 * interaction in the model the main effects are tested against the interaction mean square, as Minitab
 * does; once pooled, against the pooled repeatability. Conventions: docs/statistics.md, "Gage R&R".
 */
import fCdf from '@stdlib/stats-base-dists-f-cdf';

/** AIAG pools the interaction when its p-value is above this (Minitab's own default is 0.05). */
export const INTERACTION_POOLING_P = 0.25;

/** values[part][operator][trial]: a balanced crossed study. */
export type CrossedValues = readonly (readonly (readonly number[])[])[];

export interface AnovaRow {
  df: number;
  ss: number;
  ms: number;
  /** null when the denominator mean square is zero (no variation to test against). */
  f: number | null;
  p: number | null;
}

export interface AnovaTable {
  part: AnovaRow;
  operator: AnovaRow;
  /** Absent from the reduced table (interaction pooled). */
  interaction: AnovaRow | null;
  repeatability: { df: number; ss: number; ms: number };
  total: { df: number; ss: number };
}

export interface GageAnova {
  parts: number;
  operators: number;
  trials: number;
  /** The full model, with the interaction term. */
  withInteraction: AnovaTable;
  /** The reduced model, present when the interaction was pooled. */
  withoutInteraction: AnovaTable | null;
  interactionPooled: boolean;
}

export class GageStudyShapeError extends Error {}

/** Throws GageStudyShapeError unless the study is balanced with ≥ 2 parts, operators and trials. */
export function studyShape(values: CrossedValues): { parts: number; operators: number; trials: number } {
  const parts = values.length;
  const operators = values[0]?.length ?? 0;
  const trials = values[0]?.[0]?.length ?? 0;
  if (parts < 2 || operators < 2 || trials < 2) {
    throw new GageStudyShapeError('a gage R&R study needs at least 2 parts, 2 operators and 2 trials');
  }
  for (const byOperator of values) {
    if (byOperator.length !== operators || byOperator.some((cell) => cell.length !== trials)) {
      throw new GageStudyShapeError(
        'the study is not balanced: every operator must measure every part equally often',
      );
    }
    if (byOperator.some((cell) => cell.some((v) => !Number.isFinite(v)))) {
      throw new GageStudyShapeError('every value must be a finite number');
    }
  }
  return { parts, operators, trials };
}

const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const sumOfSquares = (xs: readonly number[], centre: number) =>
  xs.reduce((sum, x) => sum + (x - centre) ** 2, 0);

/** Upper tail P(F > f) of the F(df1, df2) distribution; null when the ratio is undefined. */
function fTest(
  numerator: number,
  denominator: number,
  df1: number,
  df2: number,
): { f: number | null; p: number | null } {
  if (!(denominator > 0)) return { f: null, p: null };
  const f = numerator / denominator;
  return { f, p: Math.max(0, 1 - fCdf(f, df1, df2)) };
}

/**
 * Sums of squares from deviations of means (not Σx² − n·mean², which cancels catastrophically on
 * values like 74.001 ± 0.01): cells, part and operator means, then each term from its own deviations.
 */
export function gageAnova(values: CrossedValues): GageAnova {
  const { parts, operators, trials } = studyShape(values);
  const all = values.flat(2);
  const grand = mean(all);
  const cellMeans = values.map((byOperator) => byOperator.map(mean));
  const partMeans = values.map((byOperator) => mean(byOperator.flat()));
  const operatorMeans = Array.from({ length: operators }, (_, o) =>
    mean(values.flatMap((byOperator) => byOperator[o] as number[])),
  );

  const ssPart = operators * trials * sumOfSquares(partMeans, grand);
  const ssOperator = parts * trials * sumOfSquares(operatorMeans, grand);
  let ssInteraction = 0;
  let ssRepeatability = 0;
  values.forEach((byOperator, p) => {
    byOperator.forEach((cell, o) => {
      const cellMean = cellMeans[p]?.[o] as number;
      ssInteraction +=
        trials * (cellMean - (partMeans[p] as number) - (operatorMeans[o] as number) + grand) ** 2;
      ssRepeatability += sumOfSquares(cell, cellMean);
    });
  });

  const dfPart = parts - 1;
  const dfOperator = operators - 1;
  const dfInteraction = dfPart * dfOperator;
  const dfRepeatability = parts * operators * (trials - 1);
  const total = { df: all.length - 1, ss: sumOfSquares(all, grand) };
  const msPart = ssPart / dfPart;
  const msOperator = ssOperator / dfOperator;
  const msInteraction = ssInteraction / dfInteraction;
  const msRepeatability = ssRepeatability / dfRepeatability;

  const interactionTest = fTest(msInteraction, msRepeatability, dfInteraction, dfRepeatability);
  const withInteraction: AnovaTable = {
    part: { df: dfPart, ss: ssPart, ms: msPart, ...fTest(msPart, msInteraction, dfPart, dfInteraction) },
    operator: {
      df: dfOperator,
      ss: ssOperator,
      ms: msOperator,
      ...fTest(msOperator, msInteraction, dfOperator, dfInteraction),
    },
    interaction: { df: dfInteraction, ss: ssInteraction, ms: msInteraction, ...interactionTest },
    repeatability: { df: dfRepeatability, ss: ssRepeatability, ms: msRepeatability },
    total,
  };
  // An untestable interaction (no repeatability variation at all) stays in the model: pooling it would
  // hide a real operator-by-part effect behind a zero error term.
  const interactionPooled = interactionTest.p !== null && interactionTest.p > INTERACTION_POOLING_P;
  if (!interactionPooled)
    return { parts, operators, trials, withInteraction, withoutInteraction: null, interactionPooled };

  const dfPooled = dfInteraction + dfRepeatability;
  const ssPooled = ssInteraction + ssRepeatability;
  const msPooled = ssPooled / dfPooled;
  const withoutInteraction: AnovaTable = {
    part: { df: dfPart, ss: ssPart, ms: msPart, ...fTest(msPart, msPooled, dfPart, dfPooled) },
    operator: {
      df: dfOperator,
      ss: ssOperator,
      ms: msOperator,
      ...fTest(msOperator, msPooled, dfOperator, dfPooled),
    },
    interaction: null,
    repeatability: { df: dfPooled, ss: ssPooled, ms: msPooled },
    total,
  };
  return { parts, operators, trials, withInteraction, withoutInteraction, interactionPooled };
}
