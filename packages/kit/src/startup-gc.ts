import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, for a service to run once it is listening. Start-up compiles hundreds of
 * schemas, and ajv's code generator builds short-lived objects keyed by the names it generates
 * (`validate77`, `_errs90`, …). V8 records at most 1,536 shapes reached from the empty object `{}`, one per
 * first key; the dead ones are only dropped by a full collection, which a steady load of short requests may
 * not cause for a long time. Until then every object that starts as `{}` with a first key not recorded yet
 * (Node's headers object of every request, Fastify's reply headers) gets a shape of its own: a new hidden
 * class per request (about 6 % of a cached tool call's CPU) and megamorphic property access after it.
 * Node offers no collection call without `--expose-gc`; the flag is set for this one call.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
