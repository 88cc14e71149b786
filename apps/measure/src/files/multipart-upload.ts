import { AppError, badRequest, unprocessable } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { drainBody } from './drain-body.js';
import type { FileStore, ReceivedFile } from './file-store.js';

/** The single `file` part of a multipart request, received into a temp file, plus its text fields. */
export interface MultipartUpload {
  file: ReceivedFile;
  filename: string;
  fields: Map<string, string>;
}

/** Limits for @fastify/multipart: one file, a few short fields, nothing unbounded. */
export function multipartLimits(maxUploadBytes: number) {
  return { fileSize: maxUploadBytes, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 100 };
}

/**
 * Reads every part of the request. The file is streamed to a temp file (size-checked while it
 * arrives); the fields may come before or after it. On any failure the temp file is removed.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  store: FileStore,
  maxUploadBytes: number,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body with a `file` part');
  let upload: { file: ReceivedFile; filename: string } | undefined;
  const fields = new Map<string, string>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload) {
          part.file.resume();
          throw badRequest('Send exactly one file, in the multipart field `file`');
        }
        const file = await store.receive(part.file, maxUploadBytes, () => part.file.truncated);
        upload = { file, filename: part.filename };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw badRequest(`Field ${part.fieldname} is too long`);
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if (upload) await store.discard(upload.file.tempPath);
    await drainBody(request.raw);
    throw asClientError(error);
  }
  if (!upload)
    throw unprocessable('body.file: a file is required', 'VALIDATION_ERROR', { field: 'body.file' });
  return { ...upload, fields };
}

/**
 * Malformed or over-limit multipart input is the caller's fault: 400 with a reason (the spec wants
 * 400, not 413, for size). File-system errors stay unexpected and surface as 500.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest('File is larger than the upload limit');
    case 'FST_FILES_LIMIT':
      return badRequest('Send exactly one file, in the multipart field `file`');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Too many multipart fields');
    case 'FST_PROTO_VIOLATION':
      return badRequest('Forbidden multipart field name');
    case 'ERR_STREAM_PREMATURE_CLOSE':
      // The plugin destroys the file stream when the body ends early (no closing boundary).
      return badRequest('Malformed multipart body');
    case undefined:
      // busboy reports malformed bodies (bad boundary, truncated part) as plain Errors; a
      // programming error (TypeError and friends) must not be disguised as the caller's fault.
      return error instanceof Error && error.constructor === Error
        ? badRequest('Malformed multipart body')
        : error;
    default:
      return typeof code === 'string' && code.startsWith('FST_')
        ? badRequest('Malformed multipart body')
        : error;
  }
}
