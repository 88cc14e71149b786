/**
 * The value last made from the same inputs (compared by identity, in order), else a fresh one. A handler
 * that assembles its answer from cache entries gives back the very same answer object while those entries
 * are unchanged, so the rendering kept per answer object (tool-registry's answerBytes) is reused as well.
 * Holds one set of inputs: the latest.
 */
export function lastMadeFrom<T>(): (inputs: readonly unknown[], make: () => T) => T {
  let lastInputs: readonly unknown[] | undefined;
  let last: T;
  return (inputs, make) => {
    if (lastInputs?.length === inputs.length && inputs.every((input, i) => input === lastInputs?.[i])) {
      return last;
    }
    last = make();
    lastInputs = inputs;
    return last;
  };
}
