/**
 * The order in which one operator measures a gage study's parts. AIAG MSA asks for the parts to be
 * measured in random order, trial after trial, so that an operator neither remembers the last reading of
 * a part nor measures it twice in a row by design: each trial round is its own shuffle of all parts.
 * Seeded (xoroshiro128+ from pure-rand), so a stored seed reproduces the plan.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface PlannedReading {
  /** 1-based position in the operator's run order. */
  sequence: number;
  /** 1-based part and trial numbers. */
  part: number;
  trial: number;
}

/** Fisher–Yates shuffles of the parts, one per trial round; `operator` is the 1-based position. */
export function runOrder(seed: number, operator: number, parts: number, trials: number): PlannedReading[] {
  // One generator per operator, so adding or reordering operators never changes another's plan.
  const rng = xoroshiro128plus((seed ^ Math.imul(operator, 0x9e3779b1)) | 0);
  const order: PlannedReading[] = [];
  for (let trial = 1; trial <= trials; trial++) {
    const round = Array.from({ length: parts }, (_, i) => i + 1);
    for (let i = round.length - 1; i > 0; i--) {
      const j = uniformInt(rng, 0, i);
      [round[i], round[j]] = [round[j] as number, round[i] as number];
    }
    for (const part of round) order.push({ sequence: order.length + 1, part, trial });
  }
  return order;
}
