/** `npm run sweep -- …`: see --help. */
import { parseSweepArgs } from './experiment-args.ts';
import { EXIT_BAD_INPUT, executeExperimentCommand } from './experiment-cli.ts';
import { nodeIo } from './node-io.ts';

const parsed = parseSweepArgs(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(parsed.errors.join('\n') + '\n');
  process.exitCode = EXIT_BAD_INPUT;
} else {
  process.exitCode = await executeExperimentCommand(parsed.command, nodeIo);
}
