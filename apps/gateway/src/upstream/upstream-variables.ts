import { type EnvField, optional, url } from '@app/kit';
import { environmentsOf } from './upstream-registry.js';
import { hostNames, type UpstreamSpec } from './upstream-spec.js';
import type { Environment } from './upstream-types.js';

/**
 * The variables an upstream declaration brings into the run contract (docs/configuration.md), named from the
 * upstream, its host (when it has several) and its environment (when it has two):
 * `OPTX_TEST_URL`, `MACRO_FRED_URL`, `OPTX_TEST_CREDENTIALS_FILE`, `MACRO_CREDENTIALS_FILE`.
 */
const part = (text: string) => text.toUpperCase().replaceAll('-', '_');

function scoped(spec: UpstreamSpec, environment: Environment, host?: string): string[] {
  const parts = [part(spec.name)];
  if (host !== undefined && hostNames(spec).length > 1) parts.push(part(host));
  if (spec.environments === 'test-and-live') parts.push(part(environment));
  return parts;
}

/** The base-URL override of one host in one environment; it wins over both profiles. */
export const urlVariable = (spec: UpstreamSpec, host: string, environment: Environment) =>
  [...scoped(spec, environment, host), 'URL'].join('_');

/** The file holding one environment's credential set. */
export const credentialsVariable = (spec: UpstreamSpec, environment: Environment) =>
  [...scoped(spec, environment), 'CREDENTIALS_FILE'].join('_');

/** Every variable of these upstreams, for the config parser. */
export function upstreamEnv(specs: readonly UpstreamSpec[]): Record<string, EnvField<string | undefined>> {
  const fields: Record<string, EnvField<string | undefined>> = {};
  for (const spec of specs)
    for (const environment of environmentsOf(spec)) {
      for (const host of hostNames(spec))
        fields[urlVariable(spec, host, environment)] = url(['http', 'https']);
      if (spec.credentials) fields[credentialsVariable(spec, environment)] = optional();
    }
  return fields;
}
