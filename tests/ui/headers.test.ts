/**
 * The header files shipped for static hosts are written from deploy/headers.ts and must not
 * drift from it (or from what `vite preview` serves); and the policy says what the README says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vite.config.ts';
import { HEADER_FILES, SECURITY_HEADERS } from '../../deploy/headers.ts';

const ROOT = join(__dirname, '../..');

describe('security headers', () => {
  for (const [path, render] of Object.entries(HEADER_FILES)) {
    it(`${path} is what \`npm run headers\` writes`, () => {
      expect(readFileSync(join(ROOT, path), 'utf8')).toBe(render());
    });
  }

  it('every file carries every header: Netlify /*, Apache and nginx without a location filter', () => {
    const netlify = readFileSync(join(ROOT, 'public/_headers'), 'utf8');
    expect(netlify.split('\n').filter((l) => l.startsWith('/'))).toEqual(['/*']);
    const apache = readFileSync(join(ROOT, 'public/.htaccess'), 'utf8');
    expect(apache).not.toMatch(/<(Files|FilesMatch|Location)/);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(netlify).toContain(`  ${name}: ${value}\n`);
      expect(apache).toContain(`Header always set ${name} "${value}"`);
      expect(readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')).toContain(`add_header ${name} "${value}" always;`);
    }
  });

  it('vite preview serves the same headers', () => {
    expect(config.preview?.headers).toEqual(SECURITY_HEADERS);
  });

  it('the policy: own origin only, no eval, not framed by other sites unless the host says so', () => {
    const csp = SECURITY_HEADERS['Content-Security-Policy'].split('; ');
    for (const d of ["script-src 'self'", "connect-src 'self'", "worker-src 'self' blob:", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'"]) expect(csp).toContain(d);
    expect(csp.join(';')).not.toMatch(/unsafe-(eval|inline)|\*/);
  });
});
