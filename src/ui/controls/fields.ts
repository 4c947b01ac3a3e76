/**
 * The scenario's editable fields, read from the zod schema itself so a field added to the
 * format appears in the controls (and fails tests/ui/fields.test.ts until ./hints.ts describes
 * it). The result is a tree mirroring the format: objects, lists (edited item by item),
 * discriminated unions (a kind selector swapping in that kind's fields) and leaves with their
 * type, range and default, plus the plain-language description from ./hints.ts.
 *
 * Field patterns are spelled as in docs/scenario.md: `flows[].tcp.mssBytes`, where `[]` is any
 * list item; the fields of every kind of a union share the union's pattern
 * (`path[].forward.errors[].per` is the `per` of whichever kind has one).
 */
import { z } from '../../scenario/zod.ts';
import { ScenarioSchema } from '../../scenario/schema.ts';
import { lengthBound } from '../../scenario/validate.ts';
import { groupOf, hintFor, type FieldHint, type GroupId } from './hints.ts';
import type { SliderScale } from './sliderScale.ts';

// the quick controls use these on the first screen without this file's schema walk
export { positionToValue, roundSig, valueToPosition, type SliderScale } from './sliderScale.ts';

export type LeafKind = 'number' | 'int' | 'bool' | 'enum' | 'string' | 'const';

interface NodeBase {
  /** Key in the parent object; null for list items and the root. */
  key: string | null;
  /** `flows[].tcp.mssBytes` */
  pattern: string;
  /** May be left out of the input (e.g. a reverse-direction field that copies the forward one). */
  optional: boolean;
  /** null is a valid value (e.g. `bytes: null` = unlimited). */
  nullable: boolean;
  /** The schema default, when it has one (`hasDefault`). */
  default: unknown;
  hasDefault: boolean;
}

export interface LeafNode extends NodeBase {
  type: 'leaf';
  kind: LeafKind;
  /** Inclusive bounds from the schema (numbers only). */
  min: number | null;
  max: number | null;
  /** Allowed values: enum options, or the hint's list for free strings checked elsewhere (variants). */
  options: readonly string[] | null;
  /** The one allowed value of a literal (`version`, a union's kind in one option). */
  constValue: unknown;
  maxLength: number | null;
  info: FieldHint;
  group: GroupId;
}

export interface ObjectNode extends NodeBase {
  type: 'object';
  fields: FieldNode[];
}

export interface ArrayNode extends NodeBase {
  type: 'array';
  item: FieldNode;
  minItems: number;
  maxItems: number | null;
}

export interface UnionOption {
  /** The discriminator's value for this kind, e.g. 'gilbert-elliott'. */
  value: string;
  /** This kind's fields, the discriminator excepted. */
  fields: FieldNode[];
}

export interface UnionNode extends NodeBase {
  type: 'union';
  discriminator: string;
  options: UnionOption[];
  /** The kind selector, described like any leaf. */
  kindLeaf: LeafNode;
}

export type FieldNode = LeafNode | ObjectNode | ArrayNode | UnionNode;

/** The flat view of a leaf, as the brief for the controls names it. */
export interface FieldDescriptor {
  pattern: string;
  label: string;
  unit: string;
  min: number | null;
  max: number | null;
  step: number | null;
  kind: LeafKind;
  nullable: boolean;
  default: unknown;
  group: GroupId;
  hint: string;
}

interface Wrappers {
  optional: boolean;
  nullable: boolean;
  default: unknown;
  hasDefault: boolean;
}

/** Looks through default/optional/nullable/transform wrappers, remembering what they said. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; w: Wrappers } {
  const w: Wrappers = { optional: false, nullable: false, default: undefined, hasDefault: false };
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodDefault) {
      if (!w.hasDefault) {
        w.hasDefault = true;
        w.default = structuredClone(s._zod.def.defaultValue);
      }
      s = s.unwrap() as z.ZodType;
    } else if (s instanceof z.ZodOptional) {
      w.optional = true;
      s = s.unwrap() as z.ZodType;
    } else if (s instanceof z.ZodNullable) {
      w.nullable = true;
      s = s.unwrap() as z.ZodType;
    } else if (s instanceof z.ZodPipe) {
      // A transform's input is what users write (and what the UI edits, re-validated as input).
      s = (s.in instanceof z.ZodTransform ? s.out : s.in) as z.ZodType;
    } else return { inner: s, w };
  }
}

function join(prefix: string, key: string): string {
  return prefix === '' ? key : `${prefix}.${key}`;
}

function finite(n: number | null | undefined): number | null {
  return n === null || n === undefined || !Number.isFinite(n) || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? null : n;
}

function leaf(key: string | null, pattern: string, inner: z.ZodType, w: Wrappers): LeafNode {
  const info = hintFor(pattern);
  const base = { type: 'leaf' as const, key, pattern, ...w, min: null, max: null, options: null, constValue: undefined, maxLength: null, info, group: groupOf(pattern) };
  if (inner instanceof z.ZodNumber) {
    return { ...base, kind: inner.isInt ? 'int' : 'number', min: finite(inner.minValue), max: finite(inner.maxValue) };
  }
  if (inner instanceof z.ZodBoolean) return { ...base, kind: 'bool' };
  if (inner instanceof z.ZodEnum) return { ...base, kind: 'enum', options: inner.options.map(String) };
  if (inner instanceof z.ZodLiteral) return { ...base, kind: 'const', constValue: inner.value };
  if (inner instanceof z.ZodString) return { ...base, kind: 'string', maxLength: inner.maxLength, options: info.options ? info.options() : null };
  throw new Error(`fields.ts: ${pattern} has a schema type the controls cannot edit (${inner.def.type}) — teach walk() about it`);
}

/** The field tree under `schema`, whose values sit at `pattern`. */
export function walk(schema: z.ZodType, key: string | null, pattern: string): FieldNode {
  const { inner, w } = unwrap(schema);
  const base = { key, pattern, ...w };
  if (inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodType>;
    return { type: 'object', ...base, fields: Object.entries(shape).map(([k, s]) => walk(s, k, join(pattern, k))) };
  }
  if (inner instanceof z.ZodArray) {
    return {
      type: 'array',
      ...base,
      item: walk(inner.element as z.ZodType, null, `${pattern}[]`),
      minItems: lengthBound(inner, 'min_length') ?? 0,
      maxItems: lengthBound(inner, 'max_length'),
    };
  }
  if (inner instanceof z.ZodDiscriminatedUnion) {
    const discriminator = String(inner._zod.def.discriminator);
    const options = (inner.options as z.ZodType[]).map((opt): UnionOption => {
      const node = walk(opt, null, pattern);
      if (node.type !== 'object') throw new Error(`fields.ts: a kind of ${pattern} is not an object`);
      const kindField = node.fields.find((f) => f.key === discriminator);
      const value = kindField?.type === 'leaf' ? String(kindField.constValue) : '?';
      return { value, fields: node.fields.filter((f) => f.key !== discriminator) };
    });
    const kindPattern = join(pattern, discriminator);
    const kindLeaf: LeafNode = {
      ...leaf(discriminator, kindPattern, z.enum(options.map((o) => o.value) as [string, ...string[]]), {
        optional: false,
        nullable: false,
        default: undefined,
        hasDefault: false,
      }),
    };
    return { type: 'union', ...base, discriminator, options, kindLeaf };
  }
  return leaf(key, pattern, inner, w);
}

/** The whole scenario's field tree (built once: the schema does not change at run time). */
let cached: ObjectNode | null = null;
export function scenarioFields(): ObjectNode {
  if (!cached) {
    // Timed changes are made by editing while the run plays and listed on the time axis
    // (TimedChanges.tsx), not edited as fields.
    const { changes: _timed, ...shape } = ScenarioSchema.shape;
    const root = walk(z.strictObject(shape), null, '');
    if (root.type !== 'object') throw new Error('fields.ts: the scenario schema is not an object');
    cached = root;
  }
  return cached;
}

/** Every leaf under `node`, union kinds and their fields included (a pattern may repeat across kinds). */
export function leaves(node: FieldNode): LeafNode[] {
  switch (node.type) {
    case 'leaf':
      return [node];
    case 'object':
      return node.fields.flatMap(leaves);
    case 'array':
      return leaves(node.item);
    case 'union':
      return [node.kindLeaf, ...node.options.flatMap((o) => o.fields.flatMap(leaves))];
  }
}

export function describeLeaf(l: LeafNode): FieldDescriptor {
  const slider = l.kind === 'number' || l.kind === 'int' ? sliderScale(l) : null;
  return {
    pattern: l.pattern,
    label: l.info.label,
    unit: l.info.unit?.label ?? '',
    min: l.min,
    max: l.max,
    step: slider && slider.type === 'linear' ? slider.step : null,
    kind: l.kind,
    nullable: l.nullable,
    default: l.default,
    group: l.group,
    hint: l.info.hint,
  };
}

/** Flat list of every leaf of the scenario, in schema order. */
export function fieldDescriptors(): FieldDescriptor[] {
  return leaves(scenarioFields()).map(describeLeaf);
}

// ---- slider scales -------------------------------------------------------------------------

/** Enough positions for fine control, few enough that arrow keys get somewhere. */
const LOG_POSITIONS_PER_DECADE = 40;
const LINEAR_POSITIONS = 400;

/**
 * How a numeric field's slider maps positions to values. The slider spans the hint's range when
 * it gives one (a PER slider need not reach 1), else the schema's; typed values may use the
 * whole schema range either way.
 */
export function sliderScale(l: LeafNode): SliderScale {
  const lo = Math.max(l.info.slider?.min ?? l.min ?? 0, l.min ?? -Infinity);
  const hi = Math.min(l.info.slider?.max ?? l.max ?? Math.max(lo * 10, lo + 100), l.max ?? Infinity);
  const log = l.info.slider?.scale === 'log' || (l.info.slider?.scale === undefined && lo >= 0 && hi > 0 && hi / Math.max(lo, hi / 1e4) >= 1000 && hi - lo > 1000);
  if (log && hi > 0) {
    const zeroAt0 = lo <= 0;
    const logLo = zeroAt0 ? (l.info.slider?.logMin ?? (l.kind === 'int' ? 1 : hi / 1e4)) : lo;
    const decades = Math.log10(hi / logLo);
    return { type: 'log', lo, logLo, hi, zeroAt0, positions: Math.max(20, Math.round(decades * LOG_POSITIONS_PER_DECADE)) + (zeroAt0 ? 1 : 0) };
  }
  if (l.kind === 'int' && hi - lo <= 1000) return { type: 'linear', lo, hi, step: 1, positions: hi - lo };
  const step = l.info.slider?.step ?? niceStep((hi - lo) / LINEAR_POSITIONS);
  return { type: 'linear', lo, hi, step, positions: Math.round((hi - lo) / step) };
}

/** 1, 2 or 5 times a power of ten: steps that give round numbers. */
function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

