import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

/** What an accepted file is, decided from its bytes. */
export interface DetectedType {
  mime: string;
  /** Accepted extensions, canonical first. */
  extensions: readonly string[];
  /** Raster images get a thumbnail. */
  image: boolean;
}

const UPLOAD_TYPES: Record<string, DetectedType> = {
  'image/jpeg': { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], image: true },
  'image/png': { mime: 'image/png', extensions: ['png'], image: true },
  'image/gif': { mime: 'image/gif', extensions: ['gif'], image: true },
  'image/webp': { mime: 'image/webp', extensions: ['webp'], image: true },
  'application/pdf': { mime: 'application/pdf', extensions: ['pdf'], image: false },
};

export const SVG_TYPE: DetectedType = { mime: 'image/svg+xml', extensions: ['svg'], image: false };

/** The upload's type from its magic bytes, or undefined when it is none of JPEG, PNG, GIF, WebP, PDF. */
export async function detectUploadType(file: string): Promise<DetectedType | undefined> {
  const detected = await fileTypeFromFile(file);
  return detected ? UPLOAD_TYPES[detected.mime] : undefined;
}

/** Raster logo types; SVG is recognised separately because it has no magic bytes. */
export async function detectRasterLogoType(file: string): Promise<DetectedType | undefined> {
  const detected = await detectUploadType(file);
  return detected?.image ? detected : undefined;
}

/** True when file-type sees text or XML, which an SVG logo is; binary types are never SVG. */
export async function mayBeSvg(file: string): Promise<boolean> {
  const detected = await fileTypeFromFile(file);
  return detected === undefined || detected.mime === 'application/xml' || detected.mime === 'image/svg+xml';
}

/**
 * The Content-Type to serve a stored file with: its bytes first, then the extension only for SVG
 * (text, so no magic bytes); anything else is an opaque download.
 */
export async function servedContentType(file: string): Promise<string> {
  return contentTypeFor((await fileTypeFromFile(file))?.mime, file);
}

/** The same decision from a stored file's first bytes (any chunk of a few KiB holds every magic number). */
export async function servedContentTypeOfHead(head: Uint8Array, name: string): Promise<string> {
  return contentTypeFor((await fileTypeFromBuffer(head))?.mime, name);
}

function contentTypeFor(detectedMime: string | undefined, name: string): string {
  if (detectedMime && UPLOAD_TYPES[detectedMime]) return detectedMime;
  if (name.toLowerCase().endsWith('.svg')) return SVG_TYPE.mime;
  return 'application/octet-stream';
}
