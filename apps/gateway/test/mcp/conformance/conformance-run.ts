import { execFile } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TESTNET } from '../../helpers.js';

/** The official suite's server scenarios that apply to a stateless, tools-only server. */
export const APPLICABLE_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const CLI = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const HOOKS = fileURLToPath(new URL('./register-hooks.mjs', import.meta.url));

/**
 * A loopback proxy that adds the bearer token and X-Bot-Tag the suite's client does not send (it knows no
 * gateway credentials) and passes everything else through as sent, Host and Origin included, so the suite
 * still sees the gateway's own answers.
 */
export async function credentialProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, authorization: `Bearer ${TESTNET}`, 'x-bot-tag': 'mcp-conformance' },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs one scenario of the suite against `url`; its console report and whether every check passed. */
export async function runScenario(
  url: string,
  scenario?: string,
): Promise<{ passed: boolean; report: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', HOOKS, CLI, 'server', '--url', url, ...(scenario ? ['--scenario', scenario] : [])],
      { timeout: 60_000 },
    );
    return { passed: true, report: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { passed: false, report: `${failed.stdout ?? ''}${failed.stderr ?? failed.message}` };
  }
}
