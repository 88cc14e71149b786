import { badRequest, notFound, unprocessable } from '@app/kit';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { callerOf } from '../auth/auth.plugin.js';
import type { Guards } from '../auth/guard-types.js';
import type { FileStore } from './file-store.js';
import {
  BinaryBody,
  ErrorBody,
  FilePathDocParams,
  FilePathParams,
  ID_PATTERN,
  LogoBody,
  readErrors,
  StoredFileBody,
  uploadErrors,
} from './files.schema.js';
import { storeLogo } from './logo-store.js';
import { multipartLimits, receiveMultipart } from './multipart-upload.js';

export interface FileRoutesOptions {
  store: FileStore;
  guards: Guards;
  /** Writes one setting (the logo route updates `company_logo_path`). */
  settings: { set(key: string, value: string, actorId: number): Promise<void> };
  /** Whether a recipe version exists, so uploads are never filed under a made-up version. */
  versions: { exists(recipeId: number, versionId: number): Promise<boolean> };
  /** MAX_UPLOAD_SIZE_MB in bytes. */
  maxUploadBytes: number;
}

/** Browsers must never run anything from an uploaded file: SVG may carry script, unknown types too. */
const SCRIPTABLE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Files (upload, read, delete) and the company logo. Register with `{ prefix: '/api' }`.
 * Multipart parsing is registered inside this plugin, with limits, so it applies to these routes only.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, options) => {
  const { store, guards, settings, versions, maxUploadBytes } = options;
  await store.init();
  await app.register(multipart, { limits: multipartLimits(maxUploadBytes), throwFileSizeLimit: false });

  app.post(
    '/files/upload',
    {
      preHandler: guards.role('Maker'),
      schema: {
        tags: ['files'],
        summary: 'Upload a file (JPEG, PNG, GIF, WebP or PDF, checked by content)',
        description:
          'multipart/form-data: `file` (required), `recipe_id` and `version_id` (optional integers, both or ' +
          'neither). Stored as <recipe_id>/<version_id>/<name> or general/<name>; images get a ' +
          'thumbnail. Over MAX_UPLOAD_SIZE_MB gives 400.',
        consumes: ['multipart/form-data'],
        response: { 200: StoredFileBody, ...uploadErrors },
      },
    },
    async (request) => {
      const upload = await receiveMultipart(request, store, maxUploadBytes);
      try {
        const recipeId = optionalId(upload.fields, 'recipe_id');
        const versionId = optionalId(upload.fields, 'version_id');
        if ((recipeId === undefined) !== (versionId === undefined)) {
          throw badRequest('Give both recipe_id and version_id, or neither');
        }
        const target = recipeId && versionId ? { recipeId, versionId } : undefined;
        if (target && !(await versions.exists(target.recipeId, target.versionId))) {
          throw notFound(`Version ${target.versionId} of recipe ${target.recipeId} not found`);
        }
        return await store.place(upload.file, upload.filename, target);
      } finally {
        await store.discard(upload.file.tempPath);
      }
    },
  );

  app.get<{ Params: { '*': string } }>(
    '/files/*',
    {
      preHandler: guards.authenticated,
      config: { swaggerTransform: documentFilePath },
      schema: {
        tags: ['files'],
        summary: 'Download a stored file; the content type is inferred from its bytes',
        params: FilePathParams,
        response: { 200: BinaryBody, ...readErrors },
      },
    },
    async (request, reply) => {
      const file = await store.open(request.params['*']);
      setSafeHeaders(reply, file.contentType, request.params['*'].split('/').pop() ?? 'file');
      return reply.header('content-length', file.size).send(file.stream);
    },
  );

  app.delete<{ Params: { '*': string } }>(
    '/files/*',
    {
      preHandler: guards.role('Maker'),
      config: { swaggerTransform: documentFilePath },
      schema: {
        tags: ['files'],
        summary: 'Delete a stored file and its thumbnail',
        params: FilePathParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...readErrors },
      },
    },
    async (request, reply) => {
      await store.remove(request.params['*']);
      return reply.status(204).send();
    },
  );

  app.post(
    '/settings/logo',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['settings'],
        summary: 'Upload the company logo (JPEG, PNG, GIF, WebP or SVG)',
        description:
          'multipart/form-data with `file`. Stored as logos/company_logo.<ext>, replacing the previous ' +
          'logo; updates the setting company_logo_path. SVG is sanitised (scripts, event handlers, external ' +
          'references removed) and served with a script-blocking content-security policy.',
        consumes: ['multipart/form-data'],
        response: { 200: LogoBody, ...uploadErrors, 422: ErrorBody },
      },
    },
    async (request) => {
      const upload = await receiveMultipart(request, store, maxUploadBytes);
      // One logo change at a time (across instances on PostgreSQL), so two concurrent uploads of
      // different types cannot each delete the other's file and leave the setting pointing at nothing.
      const logo = await store.exclusiveLogoChange(async () => {
        const stored = await storeLogo(store, upload.file);
        await settings.set('company_logo_path', stored.logo_path, callerOf(request).id);
        await store.removeLogosExcept(stored.logo_path);
        return stored;
      });
      if (logo.removed.length > 0) {
        request.log.warn({ removed: logo.removed.slice(0, 50) }, 'unsafe SVG content removed from logo');
      }
      const message =
        logo.removed.length > 0 ? 'Logo uploaded; unsafe SVG content was removed' : 'Logo uploaded';
      return { message, logo_path: logo.logo_path, file_size: logo.file_size };
    },
  );
};

/**
 * Fastify names a wildcard's value `*`, which OpenAPI cannot template (`/api/files/{*}` declares a
 * parameter its path does not name): the document shows it as `{file_path}`, a path that may hold
 * slashes, which is what the route takes.
 */
function documentFilePath({ schema, url }: { schema: object; url: string }) {
  return { schema: { ...schema, params: FilePathDocParams }, url: url.replace(/\*$/, ':file_path') };
}

function optionalId(fields: Map<string, string>, name: string): number | undefined {
  const raw = fields.get(name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!ID_PATTERN.test(raw)) {
    throw unprocessable(`body.${name}: must be a positive integer`, 'VALIDATION_ERROR', {
      field: `body.${name}`,
    });
  }
  return Number(raw);
}

/** `name`: the stored file's base name, which the file store limits to [A-Za-z0-9._-] (safe in a header). */
function setSafeHeaders(reply: FastifyReply, contentType: string, name: string): void {
  reply.header('content-type', contentType);
  reply.header('x-content-type-options', 'nosniff');
  // Files are behind authentication: shared caches must not keep them.
  reply.header('cache-control', 'private, no-cache');
  const image = contentType.startsWith('image/');
  if (!image || contentType === 'image/svg+xml') reply.header('content-security-policy', SCRIPTABLE_CSP);
  // Only pictures are shown in the browser (as <img>, which runs nothing). A PDF opened inline runs in the
  // browser's viewer, which may act on /OpenAction /JavaScript: everything else is a download, which the
  // sandbox CSP also covers should a browser render it anyway.
  if (!image) reply.header('content-disposition', `attachment; filename="${name}"`);
}
