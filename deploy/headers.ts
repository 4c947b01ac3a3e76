/**
 * The HTTP headers the built app should be served with: one list, from which vite.config.ts
 * takes the <meta> CSP and `vite preview`'s headers, and deploy/write-headers.ts writes the
 * static hosts' files (public/_headers, public/.htaccess, deploy/nginx.conf);
 * tests/ui/headers.test.ts fails if a written file no longer matches this list.
 *
 * Why headers as well as the <meta> tag: a dedicated worker takes its policy from the HTTP
 * response that delivered its script, not from the page, so without the header the simulation
 * workers run with no CSP at all (eval and requests anywhere). And `frame-ancestors` is
 * ignored in a <meta> tag.
 */

/**
 * Scripts, workers and fetches from our own origin only (the simulator never talks to a
 * server), no eval (zod runs jitless: src/scenario/zod.ts), no plugins, no <base> rewriting,
 * no form posts. Styles: our stylesheet; React and D3 set element styles through the CSSOM,
 * which style-src does not restrict. `blob:` for workers and images: exports are built as blobs.
 */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The policy as a <meta> tag can carry it (no frame-ancestors there). */
export const CSP = CSP_DIRECTIVES.join('; ');

/**
 * Who may show the app in a frame. The default: only the app's own origin. A host that wants a
 * course site to embed it adds that site's origin, e.g. "frame-ancestors 'self' https://course.example.edu".
 */
export const FRAME_ANCESTORS = "frame-ancestors 'self'";

/** Every header, for every file served (documents, worker scripts, the service worker). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': `${CSP}; ${FRAME_ANCESTORS}`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const GENERATED = 'Written by `npm run headers` from deploy/headers.ts — edit that file, not this one.';
const EMBED_NOTE = [
  "frame-ancestors 'self': only this site may show TCP Lab in a frame. To let a course site embed it,",
  "add its origin to that directive, e.g. frame-ancestors 'self' https://course.example.edu",
];

/** Netlify and Cloudflare Pages: `public/_headers`, copied to the root of the build. */
export function netlifyHeaders(): string {
  const lines = [`# ${GENERATED}`, ...EMBED_NOTE.map((l) => `# ${l}`), '/*'];
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) lines.push(`  ${name}: ${value}`);
  return `${lines.join('\n')}\n`;
}

/** Apache (mod_headers): `public/.htaccess`, next to index.html in the build. */
export function apacheHeaders(): string {
  const lines = [`# ${GENERATED}`, ...EMBED_NOTE.map((l) => `# ${l}`), '<IfModule mod_headers.c>'];
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) lines.push(`  Header always set ${name} "${value}"`);
  lines.push('</IfModule>');
  return `${lines.join('\n')}\n`;
}

/**
 * nginx: include inside the `server` or `location` block that serves the build. nginx drops
 * inherited add_header lines in a block that has its own, so include it in each such block.
 */
export function nginxHeaders(): string {
  const lines = [`# ${GENERATED}`, ...EMBED_NOTE.map((l) => `# ${l}`), '# Include in every server/location block serving the build that has add_header lines of its own.'];
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) lines.push(`add_header ${name} "${value}" always;`);
  return `${lines.join('\n')}\n`;
}

/** Each file written by `npm run headers`, relative to the repository root. */
export const HEADER_FILES: Readonly<Record<string, () => string>> = {
  'public/_headers': netlifyHeaders,
  'public/.htaccess': apacheHeaders,
  'deploy/nginx.conf': nginxHeaders,
};
