import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CSP, SECURITY_HEADERS } from './deploy/headers.ts';

/**
 * The built page carries the CSP (deploy/headers.ts) as a <meta> tag too, so it holds on a host
 * that sets no headers; workers and frame-ancestors need the HTTP headers. Only in the build:
 * the dev server's hot reload needs inline scripts.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'tcp-lab-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
  };
}

/**
 * The favicon inlined as a data: URL in the built page. Chromium fetches favicons outside the
 * service worker, so a linked file fails (and logs an error) on every offline load; inlined, the
 * tab shows the icon offline too. The file stays in public/ for the manifest.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'tcp-lab-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(fileURLToPath(new URL('./public/favicon.svg', import.meta.url)), 'utf8');
      const link = 'href="./favicon.svg"';
      if (!html.includes(link)) throw new Error(`index.html no longer links the favicon as ${link}`);
      return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(svg.trim())}"`);
    },
  };
}

// One config for the app (Vite) and the tests (Vitest projects).
export default defineConfig({
  plugins: [
    react(),
    contentSecurityPolicy(),
    inlineFavicon(),
    // Offline: a Workbox service worker precaches the whole build, so after one visit the app
    // loads and runs with the network off (a lecture hall's Wi-Fi); a new deployment is picked
    // up on the next load (autoUpdate). Registered from a script file, not inline (CSP).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'TCP Lab',
        short_name: 'TCP Lab',
        description: 'A deterministic TCP simulator for teaching, running in your browser',
        theme_color: '#0072B2',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: './',
        scope: './',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // the shipped captures and their kernel samples too: the import menu's examples open offline
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'samples/*.{pcap,csv}'],
        // an old link opened offline still gets the app (the scenario is in the hash)
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  base: './',
  // The manifest tells the bundle check (bench/bundle.ts) which chunks the page loads at start.
  build: {
    manifest: true,
    // Everything the page imports statically is one chunk: by default the bundler split out each
    // module a lazy chunk shares with the first load (17 small chunks), and gzip does better on
    // one file than on 18 (6.2 kB of 144 less; `npm run check:bundle`).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] } } },
  },
  worker: {
    format: 'es',
    // The simulation worker loads most engine modules on demand (src/engine/loaders.ts). Without
    // this group Rolldown 1.2 moves some modules its first chunk needs into small chunks of their
    // own when a chunk loaded on demand shares them, and the worker then has to fetch those before
    // it can start; the group keeps everything the entry imports statically in the entry chunk (the
    // capture-import worker loads nothing on demand: one chunk either way).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'sim-worker-start', tags: ['$initial'] }] } } },
  },
  server: { port: 5173, strictPort: false },
  // `npm run preview` serves the headers a host is told to set (deploy/headers.ts), on every file
  preview: { port: 4173, strictPort: false, headers: { ...SECURITY_HEADERS } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Vitest's default, one worker fewer than the cores, runs these files one at a time on a
          // 2-core machine (CI's) while the main process, which only gathers results, idles. The
          // files share nothing, so each core runs one.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          include: ['tests/engine/**/*.test.ts', 'tests/scenarios/**/*.test.ts', 'tests/cli/**/*.test.ts', 'tests/ui/**/*.test.ts', 'tests/claims/**/*.test.ts', 'tests/experiments/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'tests/traces/**/*.test.ts'],
          // every optional engine module registered, as Node's entry points have them (src/engine/all.ts)
          setupFiles: ['src/engine/all.ts'],
          testTimeout: 60_000,
          // claim files run their simulations in beforeAll: same allowance as a test (10 s by default)
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // one preview server and one Chromium for all the files (tests/e2e/global-setup.ts)
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // the files run one after another in one worker: each imports the app's modules (the
          // presets, the scenario format, the URL codec) once for all, not once per file; their
          // state lives in the browser, and no test changes what the modules hold
          isolate: false,
        },
      },
    ],
  },
});
