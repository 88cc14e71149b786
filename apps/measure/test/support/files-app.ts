import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@app/kit';
import { silentLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { FileStore } from '../../src/files/file-store.js';
import { fileRoutes } from '../../src/files/files.routes.js';
import { testGuards } from './test-guards.js';

export interface FilesHarness {
  server: TestServer;
  dataDir: string;
  uploads: string;
  settings: Map<string, string>;
  close(): Promise<void>;
}

/** A small app with the file routes on a fresh DATA_DIR; recipe 7 has versions 1 and 2. */
export async function startFilesApp(maxUploadBytes = 1024 * 1024): Promise<FilesHarness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'measure-files-'));
  const settings = new Map<string, string>();
  const store = new FileStore(dataDir);
  const app = await createApp({
    logger: silentLogger(),
    renderError: (error) => ({ detail: error.message }),
  });
  await app.register(fileRoutes, {
    prefix: '/api',
    store,
    guards: testGuards,
    settings: { set: async (key, value) => void settings.set(key, value) },
    versions: {
      exists: async (recipeId, versionId) => recipeId === 7 && (versionId === 1 || versionId === 2),
    },
    maxUploadBytes,
  });
  // Answered by the same event loop as the uploads: tests check it is not held up by one.
  app.get('/api/health', async () => ({ status: 'ok' }));
  const server = await startTestServer(app);
  return {
    server,
    dataDir,
    uploads: store.root,
    settings,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
