/** `npm run reproduce -- OUTDIR`: every figure preset, a Markdown report with the SVGs and the verdict table. */
import { parseReproduceArgs } from './experiment-args.ts';
import { EXIT_BAD_INPUT, executeExperimentCommand } from './experiment-cli.ts';
import { nodeIo } from './node-io.ts';

const parsed = parseReproduceArgs(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(parsed.errors.join('\n') + '\n');
  process.exitCode = EXIT_BAD_INPUT;
} else {
  process.exitCode = await executeExperimentCommand(parsed.command, nodeIo);
}
