import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The deadline of the tool call an upstream request serves, carried through the venue clients without
 * every method taking it: `invoke` runs the handler inside `withDeadline`, and the upstream layer fits
 * every attempt, retry and budget wait before it. Epoch ms on the real clock.
 */
const storage = new AsyncLocalStorage<number>();

export const withDeadline = <T>(deadline: number, run: () => Promise<T>): Promise<T> =>
  storage.run(deadline, run);

/** The current call's deadline, or undefined outside a tool call (readiness probes, start-up). */
export const currentDeadline = (): number | undefined => storage.getStore();
