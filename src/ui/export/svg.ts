/**
 * A chart panel as a standalone picture: SVG with the styles it gets from the page written into
 * each element (so the file looks the same without styles.css), or PNG drawn from that SVG
 * through an Image and a canvas. The string work is pure and tested in node; the DOM walk and
 * the canvas are exercised by the browser tests.
 */

/**
 * Presentation properties charts take from CSS. Geometry (x, d, transform) is in attributes
 * already; these are the ones a stylesheet sets, plus text layout.
 */
export const SVG_STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'stroke-linejoin',
  'stroke-linecap',
  'opacity',
  'paint-order',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant-numeric',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

/**
 * Values that are the SVG initial value anyway; leaving them out keeps the file small. Only
 * safe because every element gets its own computed values, inheritance no longer matters.
 */
const INITIAL: Partial<Record<(typeof SVG_STYLE_PROPS)[number], string[]>> = {
  'fill-opacity': ['1'],
  'stroke-opacity': ['1'],
  opacity: ['1'],
  'stroke-dasharray': ['none'],
  'stroke-linejoin': ['miter'],
  'stroke-linecap': ['butt'],
  'paint-order': ['normal'],
  'font-style': ['normal'],
  'font-variant-numeric': ['normal'],
  'text-anchor': ['start'],
  'dominant-baseline': ['auto'],
  visibility: ['visible'],
  display: ['inline', 'block'],
};

/** `fill:#000;stroke-width:2px` from a computed-style reader; initial values left out. */
export function styleAttribute(get: (prop: string) => string): string {
  const parts: string[] = [];
  for (const prop of SVG_STYLE_PROPS) {
    const v = get(prop).trim();
    if (v === '' || INITIAL[prop]?.includes(v)) continue;
    // Quotes in font-family lists would end the attribute early.
    parts.push(`${prop}:${v.replace(/"/g, "'")}`);
  }
  return parts.join(';');
}

export interface SvgFrame {
  /** The area to show, in the SVG's user units: its box grown to cover labels drawn outside it. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Painted behind the chart, since a transparent PNG reads badly on dark slides. */
  background: string | null;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/**
 * Serialized `<svg …>…</svg>` → a standalone SVG file: XML declaration, namespaces, size and
 * viewBox of `frame`, background rectangle. Pure string work on the serializer's output.
 */
export function standaloneSvg(markup: string, frame: SvgFrame): string {
  const open = /^<svg\b[^>]*>/.exec(markup.trim());
  if (!open) throw new Error('standaloneSvg: the markup does not start with an <svg> element');
  const rest = markup.trim().slice(open[0].length);
  let tag = open[0]
    .slice(0, open[0].endsWith('/>') ? -2 : -1)
    // Size and placement are set below from the frame; the page's values would clip the labels.
    .replace(/\s(width|height|viewBox|class)="[^"]*"/g, '');
  if (!/\sxmlns="/.test(tag)) tag += ` xmlns="${SVG_NS}"`;
  if (!/\sxmlns:xlink="/.test(tag) && /xlink:/.test(markup)) tag += ` xmlns:xlink="${XLINK_NS}"`;
  const w = round(frame.width);
  const h = round(frame.height);
  tag += ` width="${w}" height="${h}" viewBox="${round(frame.x)} ${round(frame.y)} ${w} ${h}"`;
  const bg = frame.background ? `<rect x="${round(frame.x)}" y="${round(frame.y)}" width="${w}" height="${h}" fill="${escapeAttr(frame.background)}"/>` : '';
  const body = open[0].endsWith('/>') ? '</svg>' : rest;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${tag}>${bg}${body}`;
}

const round = (n: number): string => String(Math.round(n * 100) / 100);
const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Transparent backgrounds fall through to the page's, then to white. */
function backgroundOf(el: Element): string {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#ffffff';
}

/** The chart's own box, grown to take in anything drawn outside it (axis labels with overflow: visible). */
function frameOf(svg: SVGSVGElement): SvgFrame {
  const box = svg.getBoundingClientRect();
  let x = 0;
  let y = 0;
  let right = box.width;
  let bottom = box.height;
  try {
    const b = svg.getBBox();
    x = Math.min(0, b.x);
    y = Math.min(0, b.y);
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  } catch {
    // getBBox throws for an undisplayed SVG; its own box is the best there is.
  }
  const pad = 4;
  return { x: x - pad, y: y - pad, width: right - x + 2 * pad, height: bottom - y + 2 * pad, background: backgroundOf(svg) };
}

/** The rendered chart as a standalone SVG document string. */
export function panelToSvgString(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const style = styleAttribute((p) => cs.getPropertyValue(p));
    // through the CSSOM: the page's CSP (style-src 'self') refuses setAttribute('style', …)
    if (style) (to[i] as SVGElement).style.cssText = style;
    else to[i].removeAttribute('style');
    to[i].removeAttribute('class');
  });
  return standaloneSvg(new XMLSerializer().serializeToString(clone), frameOf(svg));
}

/** The chart as PNG at `scale` × its CSS size (2 for slides and print). */
export async function panelToPngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const frame = frameOf(svg);
  const url = URL.createObjectURL(new Blob([panelToSvgString(svg)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(frame.width * scale));
    canvas.height = Math.max(1, Math.round(frame.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser cannot draw to a canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((ok, fail) => canvas.toBlob((b) => (b ? ok(b) : fail(new Error('the PNG could not be encoded'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
