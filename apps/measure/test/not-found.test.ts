import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, recipeWithTask } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

const MISSING = 2_000_000_000;

/** Every route that takes an id answers 404 with a detail for an id that does not exist. */
const ROWS: [string, string, unknown?][] = [
  ['PUT', `/api/users/${MISSING}`, { email: 'x@y.z' }],
  ['DELETE', `/api/users/${MISSING}`],
  ['POST', `/api/users/${MISSING}/regenerate-key`],
  ['GET', `/api/recipes/${MISSING}`],
  ['PUT', `/api/recipes/${MISSING}`, {}],
  ['DELETE', `/api/recipes/${MISSING}`],
  ['GET', `/api/recipes/${MISSING}/versions`],
  ['GET', `/api/recipes/${MISSING}/versions/1`],
  ['GET', `/api/recipes/${MISSING}/versions/1/measurement-count`],
  ['GET', `/api/recipes/${MISSING}/tasks`],
  ['POST', `/api/recipes/${MISSING}/tasks`, { title: 't' }],
  ['GET', '/api/recipes/code/NO-SUCH-CODE'],
  ['PUT', `/api/tasks/${MISSING}`, { title: 't' }],
  ['DELETE', `/api/tasks/${MISSING}`],
  ['POST', `/api/tasks/${MISSING}/subtasks`, { marker_number: 1, ...limits() }],
  ['PUT', `/api/subtasks/${MISSING}`, { unit: 'mm' }],
  ['DELETE', `/api/subtasks/${MISSING}`],
  ['GET', `/api/stations/${MISSING}`],
  ['PUT', `/api/stations/${MISSING}`, { name: 'n' }],
  ['DELETE', `/api/stations/${MISSING}`],
  ['GET', `/api/stations/${MISSING}/recipes`],
  ['POST', `/api/stations/${MISSING}/recipes`, { recipe_id: 1 }],
  ['DELETE', `/api/stations/${MISSING}/recipes/1`],
  ['GET', '/api/stations/by-code/NO-SUCH-STATION/recipes'],
  ['GET', '/api/files/general/no-such-file.png'],
  ['DELETE', '/api/files/general/no-such-file.png'],
  ['GET', `/api/files/${MISSING}/1/drawing.png`],
  ['GET', '/api/no-such-route'],
];

describe.each(DIALECTS)('404 for unknown resources on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startMeasure(dialect);
    await recipeWithTask(h);
  });
  afterAll(() => h?.close());

  it.each(ROWS)('%s %s', async (method, path, body) => {
    const res = await h.call(method, path, { key: h.adminKey, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBeTypeOf('string');
  });
});
