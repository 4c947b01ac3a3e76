/**
 * Scenario format migrations: an older scenario (a saved file, an old shared URL) is rewritten
 * step by step to the current `version` before validation, so old links keep working. Each
 * step takes the raw JSON of version N and returns version N + 1. `migrateScenario` never
 * throws — anything it does not recognise is left for validation to report with its field name.
 */
import { isRecord } from './jsonText.ts';
import { SCENARIO_VERSION } from './schema.ts';

export interface Migrated {
  value: unknown;
  /** One line per rewrite, e.g. `path.0.forward.loss → errors (format version 2)`. */
  notes: string[];
}

type Step = (s: Record<string, unknown>, notes: string[]) => Record<string, unknown>;

/** STEPS[n] turns version n + 1 into version n + 2. */
const STEPS: Step[] = [v1ToV2, v2ToV3, v3ToV4];

export function migrateScenario(input: unknown): Migrated {
  const notes: string[] = [];
  if (!isRecord(input) || typeof input.version !== 'number' || !Number.isInteger(input.version)) return { value: input, notes };
  let s: Record<string, unknown> = input;
  try {
    for (let v = s.version as number; v >= 1 && v < SCENARIO_VERSION; v++) {
      s = STEPS[v - 1](structuredClone(s), notes);
      s.version = v + 1;
    }
  } catch (e) {
    // Only hostile input gets here (structuredClone of something JSON cannot hold, or nesting
    // deep enough to overflow the stack): hand it on unchanged for validation to report.
    return { value: input, notes: [...notes, `could not be updated from its format version (${e instanceof Error ? e.message : String(e)})`] };
  }
  return { value: s, notes };
}

/**
 * Version 1 had one `loss` model per link direction ({kind: none} or {kind: bernoulli, per}) and
 * a queue whose `kind` could be left out; version 2 composes a list of `errors` and has several
 * queue kinds, so the kind is required.
 */
function v1ToV2(s: Record<string, unknown>, notes: string[]): Record<string, unknown> {
  const fixDir = (dir: unknown, where: string): void => {
    if (!isRecord(dir)) return;
    if ('loss' in dir) {
      const loss = dir.loss;
      delete dir.loss;
      if (isRecord(loss) && loss.kind === 'none') dir.errors = [];
      else if (isRecord(loss) && loss.kind === 'bernoulli') dir.errors = [{ kind: 'bernoulli', per: loss.per }];
      else dir.errors = [loss]; // unrecognised: validation names it under `errors.0`
      notes.push(`${where}.loss → ${where}.errors (format version 2)`);
    }
    if (isRecord(dir.queue) && !('kind' in dir.queue)) {
      dir.queue = { kind: 'droptail', ...dir.queue };
      notes.push(`${where}.queue.kind set to "droptail" (format version 2 requires it)`);
    }
  };
  const fixLink = (link: unknown, where: string): void => {
    if (!isRecord(link)) return;
    fixDir(link.forward, `${where}.forward`);
    fixDir(link.reverse, `${where}.reverse`);
  };
  if (Array.isArray(s.path)) s.path.forEach((l, i) => fixLink(l, `path.${i}`));
  if (Array.isArray(s.flows)) s.flows.forEach((f, i) => isRecord(f) && fixLink(f.access, `flows.${i}.access`));
  return s;
}

/**
 * Version 3 separates loss recovery from the variant (`tcp.recovery`, default "auto": SACK + PRR
 * where SACK is on). In version 2 only the `sack` variant used SACK blocks; every other variant
 * ignored them and recovered as before. An old flow with `tcp.sack: true` therefore gets the
 * recovery it had then, so the link keeps its meaning; without SACK "auto" already is that.
 */
const V2_RECOVERY: Record<string, string> = { tahoe: 'tahoe', reno: 'reno', real: 'reno', sack: 'sack', 'probing-tahoe': 'tahoe', probing: 'reno' };

function v2ToV3(s: Record<string, unknown>, notes: string[]): Record<string, unknown> {
  const fix = (owner: unknown, where: string): void => {
    if (!isRecord(owner) || !isRecord(owner.tcp) || 'recovery' in owner.tcp) return;
    const variant = typeof owner.variant === 'string' ? owner.variant : 'newreno';
    if (owner.tcp.sack !== true && variant !== 'sack') return;
    const recovery = V2_RECOVERY[variant] ?? 'newreno';
    owner.tcp.recovery = recovery;
    notes.push(`${where}.tcp.recovery set to "${recovery}" (format version 3: SACK blocks now drive every variant's recovery)`);
  };
  if (Array.isArray(s.flows)) s.flows.forEach((f, i) => fix(f, `flows.${i}`));
  if (Array.isArray(s.cross)) s.cross.forEach((c, i) => fix(c, `cross.${i}`));
  return s;
}

/**
 * Version 4 adds timed `changes` (./changes.ts). A version 3 scenario has none, and the default
 * (no changes) runs it exactly as before: only the version number moves.
 */
function v3ToV4(s: Record<string, unknown>): Record<string, unknown> {
  return s;
}
