import { Type } from '@sinclair/typebox';

export const ErrorBody = Type.Object({ detail: Type.String() }, { description: 'Error' });

export const StoredFileBody = Type.Object(
  {
    file_path: Type.String({
      description: 'Relative to the upload root; use with GET /api/files/{file_path}',
    }),
    thumbnail_path: Type.Optional(Type.String({ description: 'Images only: 200x200-bounded thumbnail' })),
    file_type: Type.String({ description: 'MIME type detected from the content' }),
    file_size: Type.Integer({ description: 'Bytes' }),
  },
  { description: 'File upload result' },
);

export const LogoBody = Type.Object({
  message: Type.String(),
  logo_path: Type.String({ description: 'Relative to the upload root, e.g. logos/company_logo.png' }),
  file_size: Type.Integer(),
});

export const FilePathParams = Type.Object({ '*': Type.String({ description: 'Relative file path' }) });
/** The same parameter as the OpenAPI document names it (see documentFilePath in files.routes.ts). */
export const FilePathDocParams = Type.Object({
  file_path: Type.String({
    description: 'Path relative to the upload root, slashes included (e.g. 12/3/drawing.pdf)',
  }),
});

/** Binary responses are streamed as-is; this only documents them. */
export const BinaryBody = { type: 'string', format: 'binary', description: 'File content' } as const;

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
} as const;

export const uploadErrors = errors;
/** 422: a path holding a NUL character, refused by the service's input hook before any file access. */
export const readErrors = {
  401: errors[401],
  403: errors[403],
  404: errors[404],
  422: errors[422],
  429: errors[429],
};

/** Recipe and version ids arrive as multipart text; the same bounds a JSON integer id would have. */
export const ID_PATTERN = /^[1-9][0-9]{0,14}$/;
