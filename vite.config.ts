import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the app (Vite) and the tests (Vitest projects).
export default defineConfig({
  plugins: [react()],
  base: './',
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts', 'tests/scenarios/**/*.test.ts', 'tests/cli/**/*.test.ts', 'tests/ui/**/*.test.ts', 'tests/claims/**/*.test.ts', 'tests/experiments/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
