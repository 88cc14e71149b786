// The conformance CLI (0.1.16) imports fs.globSync, which Node has from 22 on; the gateway runs on Node 20.
// It uses it only to summarise result folders (the tier report), never in `server` runs: this resolves the
// CLI's `fs` to the real module plus a globSync that says so if it is ever reached.
const shim = new URL('./fs-with-glob.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const fromCli = context.parentURL?.includes('/@modelcontextprotocol/conformance/');
  if (fromCli && (specifier === 'fs' || specifier === 'node:fs')) return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
