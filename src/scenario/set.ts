/**
 * `--set dotted.path=value`: edit one field of a scenario (before validation) from the command
 * line. The path is checked against the scenario format, so a misspelled field is an error naming
 * it rather than a key that validation would reject later with a less direct message. Values are
 * checked afterwards by parseScenario, like any other input.
 */
import { z } from './zod.ts';
import { ScenarioSchema } from './schema.ts';
import { closest, formatValue, isRecord } from './validate.ts';

export class SetError extends Error {
  override name = 'SetError';
}

export interface Assignment {
  /** Field names and array indices, e.g. ['flows', 0, 'tcp', 'sack']. */
  path: (string | number)[];
  value: unknown;
}

/** `path.0.forward.rateBps=5e6` → path and value; the value is JSON if it parses, else a string. */
export function parseAssignment(assignment: string): Assignment {
  const eq = assignment.indexOf('=');
  if (eq <= 0) throw new SetError(`--set "${assignment}": expected dotted.path=value, e.g. path.0.forward.rateBps=5e6`);
  // `flows[0].tcp` is accepted too, for people used to that notation.
  const pathText = assignment.slice(0, eq).trim().replace(/\[(\d+)\]/g, '.$1');
  const raw = assignment.slice(eq + 1);
  const segments = pathText.split('.');
  if (segments.some((s) => s === '')) throw new SetError(`--set "${assignment}": the path "${pathText}" has an empty part`);
  return { path: segments.map((s) => (/^\d+$/.test(s) ? Number(s) : s)), value: parseValue(raw) };
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // Bare words (`reno`, `bernoulli`) are the common case; quoting them for JSON would be a chore.
    return raw;
  }
}

/** A copy of `input` with one field set; throws SetError if the path is not part of the format. */
export function applySet(input: unknown, assignment: string): unknown {
  const { path, value } = parseAssignment(assignment);
  const root: unknown = structuredClone(input);
  if (!isRecord(root)) throw new SetError(`--set ${assignment}: the scenario is not a JSON object`);

  let schemas: z.ZodType[] = [ScenarioSchema];
  let container: Record<string, unknown> | unknown[] = root;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const here = dotted(path.slice(0, i)) || 'the scenario';
    const last = i === path.length - 1;
    const nodes = schemas.flatMap(expand);
    const arrays = nodes.filter((n): n is z.ZodArray => n instanceof z.ZodArray);
    const objects = nodes.filter((n): n is z.ZodObject => n instanceof z.ZodObject);

    if (arrays.length > 0) {
      if (typeof seg !== 'number') throw new SetError(`--set ${assignment}: ${here} is a list, so "${seg}" must be an index (0, 1, …)`);
      if (!Array.isArray(container)) throw new SetError(`--set ${assignment}: ${here} should be a list but the input has ${formatValue(container)}`);
      const list = container;
      // Appending is allowed for a whole element (flows.1={…}); a field of a missing element is not.
      const limit = last ? list.length : list.length - 1;
      if (seg > limit) {
        const has = list.length === 0 ? 'is empty' : `has ${list.length} item${list.length === 1 ? '' : 's'} (indices 0 … ${list.length - 1})`;
        throw new SetError(`--set ${assignment}: ${dotted(path.slice(0, i + 1))} does not exist — ${here} ${has}`);
      }
      schemas = arrays.map((a) => a.element as z.ZodType);
    } else if (objects.length > 0) {
      const key = String(seg);
      const fields = [...new Set(objects.flatMap((o) => Object.keys(o.shape)))];
      if (!fields.includes(key)) {
        const guess = closest(key, fields);
        const hint = guess ? `did you mean "${guess}"? ` : '';
        throw new SetError(`--set ${assignment}: ${here} has no field "${key}" — ${hint}allowed fields: ${fields.join(', ')}`);
      }
      schemas = objects.flatMap((o) => (key in o.shape ? [o.shape[key] as z.ZodType] : []));
    } else {
      // Unreachable: childContainer refuses to descend into a single value.
      throw new SetError(`--set ${assignment}: ${here} is a single value, so it has no fields`);
    }

    if (last) {
      (container as Record<string | number, unknown>)[seg] = value;
      break;
    }
    container = childContainer(container, seg, schemas, assignment, dotted(path.slice(0, i + 1)));
  }
  return root;
}

/** The object or list at `seg`, created (as an empty object) when the input leaves it to defaults. */
function childContainer(
  container: Record<string, unknown> | unknown[],
  seg: string | number,
  schemas: z.ZodType[],
  assignment: string,
  where: string,
): Record<string, unknown> | unknown[] {
  const nodes = schemas.flatMap(expand);
  if (!nodes.some((s) => s instanceof z.ZodObject || s instanceof z.ZodArray)) {
    throw new SetError(`--set ${assignment}: ${where} is a single value, so it has no fields`);
  }
  const slot = container as Record<string | number, unknown>;
  const child = slot[seg];
  if (child === undefined && nodes.some((s) => s instanceof z.ZodObject)) {
    const created: Record<string, unknown> = {};
    slot[seg] = created;
    return created;
  }
  if (isRecord(child) || Array.isArray(child)) return child;
  throw new SetError(`--set ${assignment}: ${where} is ${formatValue(child)}, not an object or list, so it has no fields to set`);
}

/**
 * The schemas that can hold a value here: looks through defaults, optionals, nullables and
 * transforms, and splits unions (a loss model's fields are those of all its kinds).
 */
function expand(schema: z.ZodType): z.ZodType[] {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return expand(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return expand(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) return (schema.options as readonly z.ZodType[]).flatMap(expand);
  return [schema];
}

function dotted(path: (string | number)[]): string {
  return path.map(String).join('.');
}
