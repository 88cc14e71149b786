import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import {
  MAX_SVG_ATTRIBUTES_PER_ELEMENT,
  MAX_SVG_DEPTH,
  MAX_SVG_TOKENS,
  SvgRejected,
  sanitizeSvg,
  sanitizeSvgInSlices,
} from './svg-sanitizer.js';

const wrap = (inner: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${rootAttributes}>${inner}</svg>`;

/** The output must itself be well-formed XML. */
function reparses(svg: string): boolean {
  new SaxesParser({ xmlns: true }).write(svg).close();
  return true;
}

describe('sanitizeSvg', () => {
  it('keeps a plain drawing intact', () => {
    const { svg, removed } = sanitizeSvg(
      wrap(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>' +
          '<rect width="10" height="5" fill="url(#g)" style="stroke: #000; stroke-width: 0.5"/>' +
          '<text x="1" y="9" font-family="Arial">ACME &amp; Co</text><use xlink:href="#g"/>',
      ),
    );
    expect(removed).toEqual([]);
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('<text x="1" y="9" font-family="Arial">ACME &amp; Co</text>');
    expect(svg).toContain('xlink:href="#g"');
    expect(svg).toContain('viewBox="0 0 10 10"');
    expect(reparses(svg)).toBe(true);
  });

  it.each([
    ['a script element', '<script>alert(1)</script>', 'alert'],
    ['a script in CDATA', '<script><![CDATA[alert(1)]]></script>', 'alert'],
    ['an event handler', '<rect width="1" height="1" onload="alert(1)"/>', 'onload'],
    ['an upper-case event handler', '<rect onClick="alert(1)"/>', 'alert'],
    ['a javascript: link', '<a href="javascript:alert(1)"><rect/></a>', 'javascript'],
    ['a javascript: use', '<use href=" java&#x09;script:alert(1)"/>', 'script'],
    ['an external use', '<use xlink:href="https://evil.example/x.svg#a"/>', 'evil'],
    [
      'a foreignObject',
      '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="x"/></body></foreignObject>',
      'iframe',
    ],
    [
      'an animation that sets href',
      '<a><set attributeName="href" to="javascript:alert(1)"/></a>',
      'javascript',
    ],
    ['an animate element', '<animate attributeName="onload" to="alert(1)"/>', 'alert'],
    ['an external image', '<image href="https://evil.example/track.png"/>', 'evil'],
    ['an HTML data URL', '<image href="data:text/html;base64,PHNjcmlwdD4="/>', 'text/html'],
    ['a remote url() fill', '<rect fill="url(https://evil.example/p.svg#x)"/>', 'evil'],
    ['a CSS import', '<style>@import url(https://evil.example/x.css);</style>', 'evil'],
    ['a CSS escape trick', '<style>rect { fill: u\\72l(https://evil.example) }</style>', 'evil'],
    ['a remote url() in a style attribute', '<rect style="fill: url( \'https://evil.example\' )"/>', 'evil'],
    [
      'an iframe in the XHTML namespace',
      '<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/>',
      'evil',
    ],
    [
      'a stylesheet processing instruction',
      '<?xml-stylesheet href="https://evil.example/x.css"?><g/>',
      'evil',
    ],
  ])('removes %s', (_name, inner, forbidden) => {
    const { svg, removed } = sanitizeSvg(wrap(inner));
    expect(svg.toLowerCase()).not.toContain(forbidden.toLowerCase());
    expect(svg).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    expect(removed.length).toBeGreaterThan(0);
    expect(reparses(svg)).toBe(true);
  });

  it('removes event handlers on the root element too', () => {
    const { svg } = sanitizeSvg(wrap('<rect/>', ' onload="alert(1)"'));
    expect(svg).not.toContain('onload');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('accepts the DOCTYPE drawing programs write, without copying it', () => {
    const { svg } = sanitizeSvg(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" ' +
        '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
        wrap('<rect width="1" height="1"/>'),
    );
    expect(svg).not.toContain('DOCTYPE');
    expect(svg).toContain('<rect width="1" height="1">');
  });

  it('keeps an embedded raster image', () => {
    const { svg } = sanitizeSvg(
      wrap('<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/>'),
    );
    expect(svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
  });

  it('lists the embedded pictures, which the upload checks for pixels, and no local references', () => {
    const { images } = sanitizeSvg(
      wrap('<image href="data:image/png;base64,iVBORw0KGgo="/><use href="#a"/><use xlink:href="#b"/>'),
    );
    expect(images).toEqual(['data:image/png;base64,iVBORw0KGgo=']);
  });

  it.each([
    [
      'a DOCTYPE with entities',
      '<!DOCTYPE svg [<!ENTITY x "boom">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    ],
    [
      'an external entity',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    ],
    ['a non-SVG root', '<html><body/></html>'],
    ['an svg root outside the SVG namespace', '<svg><rect/></svg>'],
    ['malformed XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
    ['plain text', 'hello'],
    ['an empty document', ''],
  ])('rejects %s', (_name, source) => {
    expect(() => sanitizeSvg(source)).toThrow(SvgRejected);
  });

  it('never lets markup out of text or attribute values, whatever they contain', () => {
    const xmlText = fc.string({ unit: 'grapheme-ascii' }).map((s) => s.replace(/[^\t\n\r\x20-\x7e]/g, ''));
    fc.assert(
      fc.property(xmlText, xmlText, (text, value) => {
        const xmlEscape = (s: string) =>
          s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
        const { svg } = sanitizeSvg(wrap(`<text fill="${xmlEscape(value)}">${xmlEscape(text)}</text>`));
        expect(svg).not.toMatch(/<script|\son[a-z]+=/i);
        expect(reparses(svg)).toBe(true);
      }),
    );
  });

  it(`accepts ${MAX_SVG_DEPTH} nested elements and refuses one more, before reading further`, () => {
    const nested = (depth: number) => `${'<g>'.repeat(depth - 1)}${'</g>'.repeat(depth - 1)}`;
    expect(sanitizeSvg(wrap(nested(MAX_SVG_DEPTH))).removed).toEqual([]);
    expect(() => sanitizeSvg(wrap(nested(MAX_SVG_DEPTH + 1)))).toThrow(/nested deeper/);
    // The probe's document: 80,000 levels (560 KB) took 112 s to parse; now refused at level 257.
    expect(() => sanitizeSvg(wrap(nested(80_000)))).toThrow(/nested deeper/);
  });

  it(`accepts ${MAX_SVG_ATTRIBUTES_PER_ELEMENT} attributes on an element and refuses one more`, () => {
    const rect = (n: number) => `<rect ${Array.from({ length: n }, (_, i) => `a${i}="1"`).join(' ')}/>`;
    expect(sanitizeSvg(wrap(rect(MAX_SVG_ATTRIBUTES_PER_ELEMENT))).svg).toContain('<rect>');
    expect(() => sanitizeSvg(wrap(rect(MAX_SVG_ATTRIBUTES_PER_ELEMENT + 1)))).toThrow(
      /more than 256 attributes/,
    );
  });

  it(`refuses more than ${MAX_SVG_TOKENS} elements and attributes in all`, () => {
    // Each <rect fill> is two; the root's three attributes and itself are four more: one over.
    const rects = '<rect fill="#000"/>'.repeat((MAX_SVG_TOKENS - 4) / 2);
    expect(() => sanitizeSvg(wrap(`${rects}<g/>`))).toThrow(/More than 250000 elements and attributes/);
  });
});

describe('sanitizeSvgInSlices', () => {
  it('gives the same result as one parse, surrogate pairs across slice ends included', async () => {
    const text = '<text>Ø 𝔸𝔹 ✓</text>'.repeat(9_000);
    const source = wrap(`<rect width="1" height="1" onclick="x()"/>${text}`);
    expect(await sanitizeSvgInSlices(source)).toEqual(sanitizeSvg(source));
  });

  it('lets the event loop turn while a large logo is parsed, so other requests are answered', async () => {
    const source = wrap('<rect width="1" height="1" fill="#000"/>'.repeat(50_000));
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const parsing = sanitizeSvgInSlices(source).then(() => turned);
    expect(await parsing).toBe(true);
  });

  it('refuses the 1.9 MB logo with 190,000 attributes on one element for its attribute count', async () => {
    const attributes = Array.from(
      { length: 190_000 },
      (_, i) => ` a${i.toString(36).padStart(4, '0')}="1"`,
    ).join('');
    const source = wrap('', attributes);
    expect(source.length).toBeGreaterThan(1_900_000);
    await expect(sanitizeSvgInSlices(source)).rejects.toThrow(
      new SvgRejected('An element with more than 256 attributes is not accepted'),
    );
  });

  it('rejects what sanitizeSvg rejects', async () => {
    await expect(sanitizeSvgInSlices('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).rejects.toThrow(
      SvgRejected,
    );
  });
});
