/**
 * `npm start`: runs the measurement service and the gateway side by side, each
 * in its own process with its own shutdown path. Signals are passed on; when
 * either exits, the other is stopped and the exit code is kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Both services run compiled (`prestart` builds them; docs/decisions.md, "The services run compiled").
const services = [['apps/measure/dist/main.js'], ['apps/gateway/dist/main.js']];

// The gateway's shipped pre-trade limits unless the operator names a file (docs/configuration.md).
const env = {
  ...process.env,
  RISK_LIMITS_FILE: process.env.RISK_LIMITS_FILE ?? 'apps/gateway/risk-limits.yaml',
};
const children: ChildProcess[] = services.map((args) =>
  spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env }),
);

let exitCode = 0;
let stopping = false;
function stopAll(signal: NodeJS.Signals): void {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

for (const child of children) {
  child.on('exit', (code, signal) => {
    if (!stopping && (code !== 0 || signal)) exitCode = code ?? 1;
    if (!stopping) stopAll('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
