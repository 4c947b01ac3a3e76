/**
 * The import checker behind layers.test.ts: reads every import of every TypeScript file under
 * src/ (static, type-only, re-exports and dynamic `import()`), then reports imports that climb a
 * floor, imports between two rooms of the same floor, files outside every floor, and circles.
 * docs/architecture.md draws the floors.
 */
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * Folders under src/, bottom floor first. A file may import its own folder and any folder on a
 * lower floor; folders that share a floor (cli and ui, …) may not import each other.
 */
export const FLOORS: readonly (readonly string[])[] = [
  ['catalogue'],
  ['scenario'],
  ['engine'],
  // traces: readers of real captures into the engine's trace tables, below the CLI and the app
  ['worker', 'traces'],
  ['content'],
  // validation: the kernel comparison, which runs presets from content
  ['experiments', 'validation'],
  ['cli', 'ui'],
];

/** Every .ts/.tsx file under `root` (posix paths relative to the repository, e.g. `src/ui/App.tsx`) with its text. */
export function readSources(repoRoot: string, root = 'src'): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) files.set(path, readFileSync(join(repoRoot, path), 'utf8'));
    }
  };
  walk(root);
  return files;
}

/** The files under src/ that `file` imports (relative specifiers only; `?worker`-style suffixes dropped). */
export function importsOf(file: string, text: string, known: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const spec of ts.preProcessFile(text, true, true).importedFiles) {
    if (!spec.fileName.startsWith('.')) continue; // packages and node: built-ins
    const target = posix.normalize(posix.join(posix.dirname(file), spec.fileName.split('?')[0]));
    if (known.has(target)) out.push(target);
  }
  return out;
}

/** The folder right under src/ that holds `file`, or null for a file directly in src/. */
export function folderOf(file: string): string | null {
  const parts = file.split('/');
  return parts.length > 2 ? parts[1] : null;
}

export function floorOf(folder: string | null, floors = FLOORS): number {
  return folder === null ? -1 : floors.findIndex((f) => f.includes(folder));
}

/** Every problem with the import graph, one sentence each naming the files involved; empty when clean. */
export function checkImports(sources: ReadonlyMap<string, string>, floors = FLOORS): string[] {
  const known = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) graph.set(file, importsOf(file, text, known));

  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const fromFolder = folderOf(from);
    const fromFloor = floorOf(fromFolder, floors);
    if (fromFloor < 0) {
      problems.push(`${from} is in no floor (folders: ${floors.flat().join(', ')})`);
      continue;
    }
    for (const to of targets) {
      const toFolder = folderOf(to);
      if (toFolder === fromFolder) continue;
      const toFloor = floorOf(toFolder, floors);
      if (toFloor > fromFloor) problems.push(`upward import: ${from} (${fromFolder}) imports ${to} (${toFolder}, a higher floor)`);
      else if (toFloor === fromFloor) problems.push(`sideways import: ${from} (${fromFolder}) imports ${to} (${toFolder}, the same floor)`);
    }
  }
  for (const circle of circles(graph)) problems.push(`import circle: ${circle.join(' → ')} → ${circle[0]}`);
  return problems;
}

/**
 * The graph's circles, one per strongly connected component of more than one file (Tarjan's
 * algorithm), each given as one closed path through files of that component, so a report names
 * the files to untangle. Self-imports count too.
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((c) => closedPath(graph, new Set(c)));
}

/** A shortest path from the component's first file (alphabetically) back to itself, inside the component. */
function closedPath(graph: ReadonlyMap<string, readonly string[]>, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i];
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return path;
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
