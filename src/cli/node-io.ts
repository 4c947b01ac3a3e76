/** The real file system, streams and clock for the experiment commands. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { decodeTextOrThrow } from '../scenario/jsonText.ts';
import type { ExperimentIo } from './experiment-cli.ts';

export const nodeIo: ExperimentIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readFile: (p) => decodeTextOrThrow(readFileSync(p), `file "${p}"`),
  writeFile: (p, t) => writeFileSync(p, t),
  mkdir: (p) => mkdirSync(p, { recursive: true }),
  commit: () => {
    try {
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
      return dirty ? `${head} (with uncommitted changes)` : head;
    } catch {
      return 'unknown (not a git checkout)';
    }
  },
  nowMs: () => performance.now(),
  listDir: (p) => readdirSync(p),
  cores: () => availableParallelism(),
};
