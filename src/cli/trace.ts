/** `npm run trace -- FILE …`: see trace-import.ts and `--help`. */
import { createReadStream, writeFileSync } from 'node:fs';
import { traceCommand } from './trace-import.ts';

process.exitCode = await traceCommand(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  chunks: (path) => createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Uint8Array>,
  writeFile: (p, t) => writeFileSync(p, t),
});
