/**
 * `npm run api-types`: regenerates apps/web/src/api/openapi.d.ts from the measurement service's route
 * schemas (in process; no server needs to run). Commit the result with the schema change that caused it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { WEB_API_TYPES_FILE, WEB_API_TYPES_PATH, webApiTypes } from './api-types/web-api-types.js';

const next = await webApiTypes();
let previous = '';
try {
  previous = readFileSync(WEB_API_TYPES_PATH, 'utf8');
} catch {
  // first generation
}
if (next === previous) {
  console.log(`${WEB_API_TYPES_FILE} is up to date`);
} else {
  writeFileSync(WEB_API_TYPES_PATH, next);
  console.log(`wrote ${WEB_API_TYPES_FILE}`);
}
