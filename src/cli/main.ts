/** `npm run sim -- …`: see `--help` and docs/scenario.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from './args.ts';
import { EXIT_BAD_INPUT, execute } from './execute.ts';

const parsed = parseArgs(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(parsed.errors.join('\n') + '\n');
  process.exitCode = EXIT_BAD_INPUT;
} else {
  // exitCode rather than exit(): lets a large stdout finish flushing into a pipe.
  process.exitCode = execute(parsed.command, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    readFile: (p) => readFileSync(p, 'utf8'),
    writeFile: (p, t) => writeFileSync(p, t),
    nowMs: () => performance.now(),
  });
}
