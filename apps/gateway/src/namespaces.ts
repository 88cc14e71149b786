import { commonNamespace } from './namespaces/mcp/index.js';
import { perpdexNamespace } from './namespaces/mcp-perpdex/index.js';
import type { AnyNamespace } from './tools/tool.js';

/** Every tool namespace the gateway serves: a folder under namespaces/ and one line here. */
export const namespaces = (): AnyNamespace[] => [commonNamespace(), perpdexNamespace()];
