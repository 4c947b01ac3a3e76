/** `npm run headers`: writes the static hosts' header files from deploy/headers.ts. */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADER_FILES } from './headers.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const [path, render] of Object.entries(HEADER_FILES)) {
  writeFileSync(join(root, path), render());
  console.log(`wrote ${path}`);
}
