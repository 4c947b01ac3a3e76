/** The benchmarks that drive the app in Chromium serve the production build (dist/): rebuilt when src/ is newer. */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../tests/e2e/harness.ts';

function newestMtime(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return t;
}

export async function buildIfStale(): Promise<void> {
  let built = 0;
  try {
    built = statSync(join(ROOT, 'dist/index.html')).mtimeMs;
  } catch {
    // no build yet
  }
  if (built > newestMtime(join(ROOT, 'src'))) {
    console.log('reusing dist/ (newer than src/)');
    return;
  }
  console.log('building dist/ …');
  const proc = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const code = await new Promise<number | null>((ok) => proc.once('exit', ok));
  if (code !== 0) throw new Error(`vite build exited with ${code}`);
}
