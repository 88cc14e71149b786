import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@app/kit';
import { silentLogger } from '@app/kit/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { DiskFileStore } from '../../src/files/disk-file-store.js';
import { fileRoutes } from '../../src/files/files.routes.js';
import { testGuards } from '../support/test-guards.js';

describe('OpenAPI for the file routes', () => {
  it('produces a valid OpenAPI 3.1 document documenting every response', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'measure-openapi-'));
    const app = await createApp({
      logger: silentLogger(),
      renderError: (error) => ({ detail: error.message }),
      openapi: { title: 't', version: '0.1.0', jsonPath: '/api/openapi.json', docsPath: '/api/docs' },
    });
    await app.register(fileRoutes, {
      prefix: '/api',
      store: new DiskFileStore(dataDir),
      guards: testGuards,
      settings: { set: async () => undefined },
      versions: { exists: async () => true },
      maxUploadBytes: 1024,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      const doc = res.json();
      const result = await new Validator().validate(doc);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      const upload = doc.paths['/api/files/upload'].post;
      expect(Object.keys(upload.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '404', '422']),
      );
      expect(Object.keys(doc.paths['/api/files/{file_path}'].delete.responses)).toEqual(
        expect.arrayContaining(['204', '403', '404']),
      );
      expect(Object.keys(doc.paths['/api/settings/logo'].post.responses)).toEqual(
        expect.arrayContaining(['200', '400', '403']),
      );
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
