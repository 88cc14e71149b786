import { describe, expect, it } from 'vitest';
import { operationIdOf } from './operation-ids.js';

describe('operationIdOf', () => {
  it.each([
    ['GET', '/api/health', 'getHealth'],
    ['POST', '/api/auth/login', 'postAuthLogin'],
    ['GET', '/api/measurements/', 'getMeasurements'],
    ['GET', '/api/measurements/export/csv', 'getMeasurementsExportCsv'],
    [
      'GET',
      '/api/recipes/:recipe_id/versions/:version_number',
      'getRecipesByRecipeIdVersionsByVersionNumber',
    ],
    ['POST', '/api/users/:user_id/regenerate-key', 'postUsersByUserIdRegenerateKey'],
    ['DELETE', '/api/files/*', 'deleteFilesByPath'],
  ])('%s %s → %s', (method, url, id) => {
    expect(operationIdOf(method, url)).toBe(id);
  });
});
