import { setImmediate } from 'node:timers/promises';
import { type SaxesAttributeNS, SaxesParser, type SaxesTagNS } from 'saxes';
import { SVG_ATTRIBUTES, SVG_ELEMENTS } from './svg-allow-list.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/**
 * Deepest element nesting accepted. The namespace-aware parse costs time in the square of the depth
 * (80,000 nested <g> inside the 2 MB cap took minutes, holding the event loop); exported logos nest a
 * few dozen levels at most. Refusing deeper input before its next tag is parsed keeps the whole parse
 * linear in the input's size.
 */
export const MAX_SVG_DEPTH = 256;
/**
 * Most attributes on one element. saxes gathers a tag's attributes and resolves them all when the tag
 * closes, in one go: 190,000 on one element (1.9 MB) held the event loop for up to 1.6 s, slices or
 * not. Exported logos carry a few dozen (the allow-list itself has about 140 names); the count is
 * checked as each attribute is read, so the refusal comes before that work.
 */
export const MAX_SVG_ATTRIBUTES_PER_ELEMENT = 256;
/**
 * Most elements and attributes in the whole document, which bounds the total work (and the output
 * held in memory) of one sanitise whatever the document's shape. A detailed exported logo has a few
 * thousand paths with a handful of attributes each; 2 MB of bare `<g/>` would be 500,000.
 */
export const MAX_SVG_TOKENS = 250_000;

export class SvgRejected extends Error {}

export interface SanitizedSvg {
  svg: string;
  /** What was taken out, for the log (e.g. `element script`, `attribute onload`). */
  removed: string[];
  /** The raster pictures kept as `data:` URLs on <image>, which a renderer decodes: their pixels are checked too. */
  images: string[];
}

/**
 * Rebuilds an SVG from a strict XML parse, keeping only allow-listed elements and attributes.
 * The output is written by this function, never copied from the input, so nothing the parser
 * and a browser might read differently survives. Throws SvgRejected for input that is not a
 * well-formed SVG document (or declares entities in its DOCTYPE, or nests deeper than MAX_SVG_DEPTH,
 * or exceeds MAX_SVG_ATTRIBUTES_PER_ELEMENT or MAX_SVG_TOKENS).
 */
export function sanitizeSvg(source: string): SanitizedSvg {
  const sanitizer = svgSanitizer();
  sanitizer.write(source);
  return sanitizer.end();
}

/** Characters parsed between turns of the event loop: a few milliseconds of work. */
const SLICE_CHARS = 16 * 1024;

/**
 * sanitizeSvg for request handlers: the parse is linear in the input, but 2 MB of SVG is still some
 * 300 ms of work, so it is fed to the parser in slices with a turn of the event loop between them and
 * other requests (health checks included) are answered meanwhile.
 */
export async function sanitizeSvgInSlices(source: string): Promise<SanitizedSvg> {
  const sanitizer = svgSanitizer();
  for (let start = 0; start < source.length; ) {
    let end = Math.min(start + SLICE_CHARS, source.length);
    // Never cut a surrogate pair in two: each half alone is not a character.
    if (end < source.length && /[\uD800-\uDBFF]/.test(source.charAt(end - 1))) end++;
    sanitizer.write(source.slice(start, end));
    start = end;
    if (start < source.length) await setImmediate();
  }
  return sanitizer.end();
}

function svgSanitizer(): { write(chunk: string): void; end(): SanitizedSvg } {
  const out: string[] = [];
  const removed: string[] = [];
  const images: string[] = [];
  /** Depth inside a dropped element; everything below it is ignored. */
  let skipDepth = 0;
  let style: string[] | undefined;
  let sawRoot = false;
  let rootWritten = false;
  let depth = 0;
  let attributesHere = 0;
  let tokens = 0;
  const count = () => {
    if (++tokens > MAX_SVG_TOKENS)
      throw new SvgRejected(`More than ${MAX_SVG_TOKENS} elements and attributes are not accepted`);
  };

  const parser = new SaxesParser({ xmlns: true });
  // A plain `<!DOCTYPE svg PUBLIC …>` (common in exported logos) is harmless: nothing is fetched
  // and it is not copied. An internal subset could declare entities, so it is refused.
  parser.on('doctype', (doctype) => {
    if (doctype.includes('['))
      throw new SvgRejected('SVG with entity declarations (DOCTYPE [...]) is not accepted');
  });
  parser.on('processinginstruction', (pi) => removed.push(`processing instruction ${pi.target}`));
  parser.on('opentagstart', () => {
    if (++depth > MAX_SVG_DEPTH)
      throw new SvgRejected(`Elements nested deeper than ${MAX_SVG_DEPTH} levels are not accepted`);
    attributesHere = 0;
    count();
  });
  parser.on('attribute', () => {
    if (++attributesHere > MAX_SVG_ATTRIBUTES_PER_ELEMENT) {
      throw new SvgRejected(
        `An element with more than ${MAX_SVG_ATTRIBUTES_PER_ELEMENT} attributes is not accepted`,
      );
    }
    count();
  });
  parser.on('opentag', (tag) => {
    if (!sawRoot) {
      sawRoot = true;
      if (tag.uri !== SVG_NS || tag.local !== 'svg') throw new SvgRejected('The root element is not <svg>');
    }
    // Elements inside <style> are not CSS; drop them rather than let them out of the style block.
    if (skipDepth > 0 || style || !SVG_ELEMENTS.has(tag.local ?? '') || tag.uri !== SVG_NS) {
      if (skipDepth === 0) removed.push(`element ${tag.name}`);
      skipDepth++;
      return;
    }
    const attributes = keptAttributes(tag, removed, images);
    if (!rootWritten) attributes.unshift(` xmlns="${SVG_NS}"`, ` xmlns:xlink="${XLINK_NS}"`);
    if (tag.local === 'style') {
      style = [];
      return;
    }
    out.push(`<${tag.local}${attributes.join('')}>`);
    rootWritten = true;
  });
  parser.on('text', (text) => emitText(text));
  parser.on('cdata', (text) => emitText(text));
  parser.on('closetag', (tag) => {
    depth--;
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    if (tag.local === 'style' && style) {
      const css = style.join('');
      style = undefined;
      if (cssIsSafe(css)) out.push(`<style>${escapeText(css)}</style>`);
      else removed.push('element style (unsafe CSS)');
      return;
    }
    out.push(`</${tag.local}>`);
  });

  function emitText(text: string): void {
    if (skipDepth > 0) return;
    if (style) style.push(text);
    else out.push(escapeText(text));
  }

  function guarded(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (error instanceof SvgRejected) throw error;
      throw new SvgRejected('The file is not well-formed SVG');
    }
  }

  return {
    write: (chunk) => guarded(() => parser.write(chunk)),
    end() {
      guarded(() => parser.close());
      if (!sawRoot) throw new SvgRejected('The file is not well-formed SVG');
      return { svg: out.join(''), removed, images };
    },
  };
}

function keptAttributes(tag: SaxesTagNS, removed: string[], images: string[]): string[] {
  const kept: string[] = [];
  for (const attribute of Object.values(tag.attributes) as SaxesAttributeNS[]) {
    const name = keptAttributeName(tag.local ?? '', attribute);
    if (name === undefined) {
      // Namespace declarations are rewritten on the root; editor metadata (inkscape:*) is noise.
      const reported = attribute.uri === '' || attribute.uri === XLINK_NS || attribute.uri === XML_NS;
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns' && reported) {
        removed.push(`attribute ${attribute.name}`);
      }
      continue;
    }
    if (attribute.local === 'href' && !attribute.value.trim().startsWith('#')) images.push(attribute.value);
    kept.push(` ${name}="${escapeAttribute(attribute.value)}"`);
  }
  return kept;
}

/** The name to write the attribute under, or undefined to drop it. */
function keptAttributeName(element: string, attribute: SaxesAttributeNS): string | undefined {
  const { uri, local, value } = attribute;
  if (local === 'href' && (uri === '' || uri === XLINK_NS)) {
    return hrefIsSafe(element, value) ? (uri === XLINK_NS ? 'xlink:href' : 'href') : undefined;
  }
  if (uri === XML_NS && local === 'space') return 'xml:space';
  if (uri !== '' || !SVG_ATTRIBUTES.has(local)) return undefined;
  if (local === 'style') return cssIsSafe(value) ? local : undefined;
  return valueIsSafe(value) ? local : undefined;
}

/** Local fragment references only; an <image> may also embed a raster picture as a data URL. */
function hrefIsSafe(element: string, value: string): boolean {
  const trimmed = value.trim();
  if (/^#[A-Za-z0-9_.:-]+$/.test(trimmed)) return true;
  return element === 'image' && /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/.test(trimmed);
}

/** No script URLs and no url() other than a local `url(#id)`, however it is spaced or quoted. */
function valueIsSafe(value: string): boolean {
  // Browsers ignore whitespace inside scheme names; XML 1.0 (and so the parser) rejects other controls.
  const compact = value.replace(/\s+/g, '').toLowerCase();
  if (/(javascript|vbscript|data):/.test(compact)) return false;
  const urls = compact.match(/url\(([^)]*)\)?/g) ?? [];
  return urls.every((url) => /^url\(['"]?#[^'"()]*['"]?\)$/.test(url));
}

/** CSS with no imports, escapes (which could spell anything), legacy script hooks or remote urls. */
function cssIsSafe(css: string): boolean {
  if (/[\\<]/.test(css)) return false;
  const lower = css.toLowerCase();
  if (/@import|expression\s*\(|-moz-binding|behavior\s*:/.test(lower)) return false;
  return valueIsSafe(css);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
