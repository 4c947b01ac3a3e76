/**
 * Scenario edits the controls make, driven by the field tree (./fields.ts): starting values for
 * a new list item, a switched union kind or a nullable field turned on; unique ids for copied
 * items; and reading a typed number. Pure, so tests cover them without a DOM.
 */
import type { DisplayUnit } from './hints.ts';
import type { FieldNode, LeafNode, UnionNode } from './fields.ts';

/** A valid starting value for a node: its default, else the hint's suggestion, else the simplest allowed value. */
export function startValue(node: FieldNode): unknown {
  if (node.hasDefault && node.default !== null) return structuredClone(node.default);
  switch (node.type) {
    case 'leaf':
      return leafStart(node);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const f of node.fields) {
        if (f.optional && !f.hasDefault) continue;
        out[f.key ?? ''] = f.hasDefault ? structuredClone(f.default) : startValue(f);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: node.minItems }, () => startValue(node.item));
    case 'union':
      return optionStart(node, node.options[0].value);
  }
}

function leafStart(l: LeafNode): unknown {
  if (l.info.suggest !== undefined) return l.info.suggest;
  switch (l.kind) {
    case 'number':
    case 'int':
      return l.min !== null && l.min > 0 ? l.min : Math.min(l.max ?? 0, Math.max(l.min ?? 0, 0));
    case 'bool':
      return false;
    case 'enum':
      return l.options?.[0] ?? '';
    case 'const':
      return l.constValue;
    case 'string':
      return l.options?.[0] ?? 'item';
  }
}

/** The value of kind `kind` of a union: the kind plus that kind's fields at their start values. */
export function optionStart(node: UnionNode, kind: string): Record<string, unknown> {
  const option = node.options.find((o) => o.value === kind) ?? node.options[0];
  const out: Record<string, unknown> = { [node.discriminator]: option.value };
  for (const f of option.fields) {
    if (f.optional && !f.hasDefault) continue;
    out[f.key ?? ''] = f.hasDefault ? structuredClone(f.default) : startValue(f);
  }
  return out;
}

/** Every `id` string anywhere in a value (flow, link and cross-traffic ids share this check). */
export function collectIds(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => collectIds(v, into));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id' && typeof v === 'string') into.add(v);
      else collectIds(v, into);
    }
  }
  return into;
}

/** `flow1` → `flow2` (or `x` → `x-2`): the first name of that family not in `taken`. */
export function nextId(id: string, taken: ReadonlySet<string>): string {
  const m = /^(.*?)(\d+)$/.exec(id);
  const stem = m ? m[1] : `${id}-`;
  let n = m ? Number(m[2]) + 1 : 2;
  while (taken.has(`${stem}${n}`)) n++;
  return `${stem}${n}`;
}

/** A copy of `item` whose every `id` is new to `taken` (which it extends), so a duplicated flow validates. */
export function withFreshIds<T>(item: T, taken: Set<string>): T {
  const fix = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(fix);
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'id' && typeof x === 'string') {
        const id = taken.has(x) ? nextId(x, taken) : x;
        taken.add(id);
        out[k] = id;
      } else out[k] = fix(x);
    }
    return out;
  };
  return fix(structuredClone(item)) as T;
}

/** The list with one more item: a copy of the last (fresh ids) or, for an empty list, a start value. */
export function addItem(list: readonly unknown[], item: FieldNode, scenario: unknown): unknown[] {
  const base = list.length > 0 ? list[list.length - 1] : startValue(item);
  return [...list, withFreshIds(base, collectIds(scenario))];
}

export function removeItem(list: readonly unknown[], index: number): unknown[] {
  return list.filter((_, i) => i !== index);
}

export type DraftParse = { ok: true; value: number } | { ok: false; message: string };

/**
 * A typed number in the field's display unit → the stored value. Accepts `2e6`, `1 000`,
 * `1_000` and a decimal comma; range checks are validation's job (so the message names the field).
 */
export function parseNumberDraft(text: string, unit: DisplayUnit | undefined, isInt: boolean): DraftParse {
  const t = text.trim().replace(/[\s_]/g, '').replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (t === '') return { ok: false, message: 'is empty — type a number' };
  const n = Number(t);
  if (!Number.isFinite(n)) return { ok: false, message: `"${text.trim()}" is not a number` };
  const stored = unit ? n * unit.factor : n;
  // Display factors (1e6 for Mb/s) can leave 2.0000000000000004e6; a stored integer should look like one.
  const cleaned = Number(stored.toPrecision(12));
  if (isInt && !Number.isInteger(cleaned)) return { ok: false, message: `${text.trim()} is not a whole number` };
  return { ok: true, value: cleaned };
}

/** The stored value as text in the field's unit, for the number box. */
export function draftOf(value: number, unit: DisplayUnit | undefined): string {
  const shown = unit ? value / unit.factor : value;
  return String(Number(shown.toPrecision(12)));
}
