import { type DestinationStream, type Logger, pino } from 'pino';

/** The values a fixed line holds: JSON scalars only. */
export type LineFields = Record<string, string | number | boolean | null>;

/** Writers holding lines not yet handed to their destination; emptied at exit. */
const unwritten = new Set<() => void>();
let exitHookInstalled = false;

function writeAllAtExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const write of unwritten) write();
  });
}

/**
 * Writes `logger.info(fields, msg)` byte for byte, but cheaply enough for the line a service writes on every
 * request: the lines of one event-loop turn are serialized together (one `serialize` each, JSON.stringify unless
 * the caller has a serializer compiled for its fields; not pino's generic pass over every field) and handed to
 * the destination as one write at the end of the turn.
 *
 * Why at the end of the turn: measured on the gateway's warm read (docs/benchmarks.md), building and writing
 * each line in the request's own `close` callback cost about twice the CPU of the same work done for all the
 * turn's lines at once, and the destination's per-write bookkeeping is paid once per turn instead of once per
 * line. The time field is taken when the line is queued, so it is the time the request ended, as before. At
 * exit (normal, or through the services' signal handling) the queued lines are written synchronously.
 *
 * The logger's redaction is not applied, so the fields must be ones that never hold a secret, and they are
 * read when the turn ends: pass an object nothing changes afterwards.
 */
export function infoLineWriter<F extends LineFields>(
  logger: Logger,
  msg: string,
  serialize: (fields: F) => string = JSON.stringify,
): (fields: F) => void {
  // pino's exported symbols for what a line is made of: its destination, time field and bound fields.
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as DestinationStream & { flushSync?: () => void };
  const time = internals[pino.symbols.timeSym] as () => string;
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const end = `,"msg":${JSON.stringify(msg)}}\n`;
  let queued: F[] = [];
  let times: string[] = [];

  const writeQueued = (): void => {
    const lines = queued;
    const lineTimes = times;
    queued = [];
    times = [];
    unwritten.delete(writeAtExit);
    let text = '';
    for (let i = 0; i < lines.length; i++) {
      const json = serialize(lines[i] as F);
      // createLogger's level formatter writes the label; the fields' braces become the line's.
      text += `{"level":"info"${lineTimes[i]}${bindings}${json.length > 2 ? `,${json.slice(1, -1)}` : ''}${end}`;
    }
    if (text) stream.write(text);
  };
  // pino's own exit hook may already have flushed the destination: flush it again after adding ours.
  const writeAtExit = (): void => {
    writeQueued();
    try {
      stream.flushSync?.();
    } catch {
      // A destination already closed or never opened: nothing more can be written.
    }
  };

  writeAllAtExit();
  return (fields) => {
    if (!logger.isLevelEnabled('info')) return;
    if (queued.length === 0) {
      unwritten.add(writeAtExit);
      setImmediate(writeQueued);
    }
    queued.push(fields);
    times.push(time());
  };
}
