/** `npm run sim -- …`: see `--help` and docs/scenario.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from './args.ts';
import { decodeTextOrThrow } from '../scenario/jsonText.ts';
import { describeFailure, EXIT_BAD_INPUT, EXIT_FAILURE, execute } from './execute.ts';

const argv = process.argv.slice(2);
const parsed = parseArgs(argv);
if (!parsed.ok) {
  process.stderr.write(parsed.errors.join('\n') + '\n');
  process.exitCode = EXIT_BAD_INPUT;
} else {
  try {
    // exitCode rather than exit(): lets a large stdout finish flushing into a pipe.
    process.exitCode = execute(parsed.command, {
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      // bytes, so that UTF-16 is decoded and other non-UTF-8 text is named rather than misread
      readFile: (p) => decodeTextOrThrow(readFileSync(p), `scenario file "${p}"`),
      writeFile: (p, t) => writeFileSync(p, t),
      nowMs: () => performance.now(),
      stderrIsTty: process.stderr.isTTY === true,
    });
  } catch (e) {
    // execute() reports every expected failure itself; this is a bug, still in one line unless --debug
    process.stderr.write(`internal error: ${describeFailure(e, argv.includes('--debug'))}\n`);
    process.exitCode = EXIT_FAILURE;
  }
}
