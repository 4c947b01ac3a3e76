/**
 * Every scenario parameter, editable: the field tree of ./fields.ts rendered as collapsible
 * groups (path, errors, queues, flows, cross traffic, applications). Lists are edited item by
 * item, unions get a kind selector, numbers get a slider (logarithmic for rates and error
 * probabilities) plus a box for typing, in the unit of ./hints.ts.
 *
 * An edit is applied only if the whole scenario still validates; otherwise the field keeps what
 * was typed and shows validate.ts's message (field, value, allowed range), so nothing is lost
 * and nothing invalid reaches the simulation.
 */
import { useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { Scenario } from '../../scenario/schema.ts';
import { variantLabel } from '../../catalogue/format.ts';
import { VariantOptions } from './VariantOptions.tsx';
import { addItem, draftOf, optionStart, parseNumberDraft, removeItem, startValue } from './edit.ts';
import { leaves, positionToValue, scenarioFields, sliderScale, valueToPosition, type ArrayNode, type FieldNode, type LeafNode, type UnionNode } from './fields.ts';
import { formatInUnit, GROUPS, groupOf, hintFor, type GroupId } from './hints.ts';
import { dotted, getAt, setAt, type JsonPath } from './paths.ts';
import './controls.css';

import { ChangedFieldsContext } from './changedFields.ts';

export { ChangedFieldsContext, type ChangedField } from './changedFields.ts';

interface Props {
  scenario: Scenario;
  /** Called with a validated scenario only. */
  /** Validates and applies an edit (the app's model does both, once); returns the messages if it is not valid. */
  onChange: (next: Scenario) => string[];
  /** Groups open at first; default: scenario and path. */
  initiallyOpen?: readonly GroupId[];
}

/** Applies a value at a path; returns the validation messages if the result is not a valid scenario. */
type Apply = (path: JsonPath, value: unknown) => string[];

interface Ctx {
  scenario: Scenario;
  apply: Apply;
  group: GroupId;
}

export function ScenarioControls({ scenario, onChange, initiallyOpen = ['scenario', 'path'] }: Props) {
  const root = scenarioFields();
  const apply: Apply = (path, value) => onChange(setAt(scenario, path, value));
  return (
    <section className="panel scenario-controls" aria-labelledby="scenario-controls-title">
      <h2 id="scenario-controls-title">Scenario</h2>
      {GROUPS.filter((g) => groupsUnder(root).has(g.id)).map((g) => (
        <Collapsible key={g.id} className="sc-group" summary={<span className="sc-group-title">{g.title}</span>} initiallyOpen={initiallyOpen.includes(g.id)}>
          <Fields nodes={root.fields} value={scenario} path={[]} ctx={{ scenario, apply, group: g.id }} />
        </Collapsible>
      ))}
    </section>
  );
}

// ---- which groups a subtree feeds -----------------------------------------------------------

const groupCache = new WeakMap<FieldNode, Set<GroupId>>();

/** The groups of every leaf under a node (and, for lists, the group that adds and removes items). */
function groupsUnder(node: FieldNode): Set<GroupId> {
  let g = groupCache.get(node);
  if (!g) {
    g = new Set(leaves(node).map((l) => l.group));
    if (node.type === 'array') g.add(ownerGroup(node));
    groupCache.set(node, g);
  }
  return g;
}

/** A list's items are added and removed in the group of the items themselves (`flows[]` → flows). */
function ownerGroup(node: ArrayNode): GroupId {
  return groupOf(node.item.pattern);
}

// ---- structure --------------------------------------------------------------------------------

function Fields({ nodes, value, path, ctx }: { nodes: readonly FieldNode[]; value: unknown; path: JsonPath; ctx: Ctx }) {
  return (
    <>
      {nodes
        .filter((n) => groupsUnder(n).has(ctx.group))
        .map((n) => (
          <Node key={n.key ?? n.pattern} node={n} value={getAt(value, [n.key ?? ''])} path={[...path, n.key ?? '']} ctx={ctx} />
        ))}
    </>
  );
}

function Node({ node, value, path, ctx }: { node: FieldNode; value: unknown; path: JsonPath; ctx: Ctx }) {
  switch (node.type) {
    case 'leaf':
      return node.group === ctx.group ? <Leaf leaf={node} value={value} path={path} ctx={ctx} /> : null;
    case 'union':
      return <Union node={node} value={value} path={path} ctx={ctx} />;
    case 'array':
      return <List node={node} value={value} path={path} ctx={ctx} />;
    case 'object': {
      const info = hintFor(node.pattern);
      if (node.nullable) return <NullableObject node={node} value={value} path={path} ctx={ctx} />;
      // The root and list items already have their heading (the group, the item's summary).
      if (node.key === null) return <Fields nodes={node.fields} value={value} path={path} ctx={ctx} />;
      return (
        <Collapsible className="sc-object" summary={info.label} initiallyOpen={node.key !== 'reverse' && node.key !== 'tcp'} title={info.hint}>
          <Fields nodes={node.fields} value={value} path={path} ctx={ctx} />
        </Collapsible>
      );
    }
  }
}

/** A settings block that can be off (null): a token bucket, a playback reader. */
function NullableObject({ node, value, path, ctx }: { node: Extract<FieldNode, { type: 'object' }>; value: unknown; path: JsonPath; ctx: Ctx }) {
  const info = hintFor(node.pattern);
  const id = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const on = value !== null && value !== undefined;
  const mine = groupOf(node.pattern) === ctx.group;
  return (
    <div className="sc-nullable">
      {mine ? (
        <div className="sc-toggle">
          <input id={id} type="checkbox" checked={on} onChange={(e) => setErrors(ctx.apply(path, e.target.checked ? startValue({ ...node, hasDefault: false, nullable: false }) : null))} />
          <label htmlFor={id}>{info.label}</label>
          <span className="sc-hint">{info.hint}</span>
        </div>
      ) : null}
      <FieldErrors errors={errors} />
      {on ? <Fields nodes={node.fields} value={value} path={path} ctx={ctx} /> : null}
    </div>
  );
}

function itemTitle(item: unknown, index: number, noun: string): string {
  const rec = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  const name = typeof rec.id === 'string' ? rec.id : typeof rec.kind === 'string' ? rec.kind : null;
  const variant = typeof rec.variant === 'string' ? ` (${variantLabel(rec.variant)})` : '';
  return `${noun} ${index + 1}${name ? `: ${name}` : ''}${variant}`;
}

function List({ node, value, path, ctx }: { node: ArrayNode; value: unknown; path: JsonPath; ctx: Ctx }) {
  const list = Array.isArray(value) ? value : [];
  const info = hintFor(node.pattern);
  const noun = info.described ? info.label.replace(/s$/, '') : (node.key ?? 'item');
  const owns = ownerGroup(node) === ctx.group;
  const [errors, setErrors] = useState<string[]>([]);
  const canAdd = node.maxItems === null || list.length < node.maxItems;
  const canRemove = list.length > node.minItems;
  return (
    <div className="sc-list" role="group" aria-label={info.label}>
      {owns && info.described ? <p className="sc-hint">{info.hint}</p> : null}
      {list.map((item, i) => {
        const title = itemTitle(item, i, noun);
        return (
          <Collapsible key={i} className="sc-item" summary={title} initiallyOpen={i === 0 && list.length <= 4}>
            <Node node={node.item} value={item} path={[...path, i]} ctx={ctx} />
            {owns ? (
              <button type="button" className="sc-remove" disabled={!canRemove} onClick={() => setErrors(ctx.apply(path, removeItem(list, i)))} aria-label={`Remove ${title}`}>
                Remove
              </button>
            ) : null}
          </Collapsible>
        );
      })}
      {owns ? (
        <button type="button" className="sc-add" disabled={!canAdd} onClick={() => setErrors(ctx.apply(path, addItem(list, node.item, ctx.scenario)))}>
          Add {noun.toLowerCase()}
          {node.maxItems !== null ? <span className="sc-count"> ({list.length} of at most {node.maxItems})</span> : null}
        </button>
      ) : null}
      <FieldErrors errors={errors} />
    </div>
  );
}

function Union({ node, value, path, ctx }: { node: UnionNode; value: unknown; path: JsonPath; ctx: Ctx }) {
  const kind = String(getAt(value, [node.discriminator]) ?? '');
  const option = node.options.find((o) => o.value === kind);
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();
  const showKind = node.kindLeaf.group === ctx.group;
  return (
    <div className="sc-union">
      {showKind ? (
        <div className="sc-field">
          <label htmlFor={id}>{node.kindLeaf.info.label}</label>
          <select id={id} value={kind} onChange={(e) => setErrors(ctx.apply(path, optionStart(node, e.target.value)))} aria-describedby={`${id}-hint`}>
            {node.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.value}
              </option>
            ))}
          </select>
          <p id={`${id}-hint`} className="sc-hint">
            {node.kindLeaf.info.hint}
          </p>
          <FieldErrors errors={errors} />
        </div>
      ) : null}
      {option ? <Fields nodes={option.fields} value={value} path={path} ctx={ctx} /> : null}
    </div>
  );
}

// ---- leaves -------------------------------------------------------------------------------------

function Leaf({ leaf, value, path, ctx }: { leaf: LeafNode; value: unknown; path: JsonPath; ctx: Ctx }) {
  switch (leaf.kind) {
    case 'number':
    case 'int':
      return <NumberField leaf={leaf} value={typeof value === 'number' ? value : null} path={path} ctx={ctx} />;
    case 'bool':
      return <BoolField leaf={leaf} value={value === true} path={path} ctx={ctx} />;
    case 'enum':
      return <ChoiceField leaf={leaf} options={leaf.options ?? []} value={String(value ?? '')} path={path} ctx={ctx} />;
    case 'string':
      return leaf.options ? (
        <ChoiceField leaf={leaf} options={leaf.options} value={String(value ?? '')} path={path} ctx={ctx} />
      ) : (
        <TextField leaf={leaf} value={String(value ?? '')} path={path} ctx={ctx} />
      );
    case 'const':
      return (
        <div className="sc-field sc-const">
          <span className="sc-label">{leaf.info.label}</span> <output>{String(value)}</output>
          <p className="sc-hint">{leaf.info.hint}</p>
        </div>
      );
  }
}

function FieldErrors({ errors, id }: { errors: readonly string[]; id?: string }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className="sc-errors" role="alert">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** Label, hint and errors around one input; ids wired for screen readers. */
function FieldShell({ leaf, path, inputId, labelFor = inputId, errors, readout, children }: { leaf: LeafNode; path: JsonPath; inputId: string; labelFor?: string; errors: readonly string[]; readout?: ReactNode; children: ReactNode }) {
  const changed = useContext(ChangedFieldsContext).get(dotted(path));
  return (
    <div className="sc-field" data-path={dotted(path)}>
      <div className="sc-label-row">
        <label id={`${inputId}-label`} htmlFor={labelFor}>
          {leaf.info.label}
        </label>
        {readout}
      </div>
      {changed ? (
        <p className="sc-changed" data-testid="field-changed">
          changed at {Number(changed.atS.toFixed(3))} s (before: {typeof changed.before === 'number' ? formatInUnit(changed.before, leaf.info.unit) : String(changed.before)})
        </p>
      ) : null}
      {children}
      <p id={`${inputId}-hint`} className="sc-hint">
        {leaf.info.hint}
      </p>
      <FieldErrors id={`${inputId}-err`} errors={errors} />
    </div>
  );
}

function describedBy(id: string, errors: readonly string[]): string {
  return errors.length > 0 ? `${id}-err ${id}-hint` : `${id}-hint`;
}

function NumberField({ leaf, value, path, ctx }: { leaf: LeafNode; value: number | null; path: JsonPath; ctx: Ctx }) {
  const id = useId();
  const unit = leaf.info.unit;
  const isInt = leaf.kind === 'int';
  const scale = useMemo(() => sliderScale(leaf), [leaf]);
  const [draft, setDraft] = useState(value === null ? '' : draftOf(value, unit));
  const [errors, setErrors] = useState<string[]>([]);
  // Follow outside changes, but never rewrite what is being typed (e.g. "2." on the way to "2.5").
  // Adjusted while rendering, not in an effect: a dragged slider's number then changes in the
  // same commit and frame as the slider, not in a render and a frame of their own.
  const [followed, setFollowed] = useState(value);
  if (!Object.is(followed, value)) {
    setFollowed(value);
    setDraft((d) => {
      const p = parseNumberDraft(d, unit, isInt);
      return value !== null && p.ok && p.value === value ? d : value === null ? '' : draftOf(value, unit);
    });
    setErrors([]);
  }

  const applyNumber = (v: number | null): void => setErrors(ctx.apply(path, v));
  const onType = (text: string): void => {
    setDraft(text);
    const p = parseNumberDraft(text, unit, isInt);
    if (!p.ok) setErrors([`${dotted(path)}: ${p.message}`]);
    else if (p.value !== value) applyNumber(p.value);
    else setErrors([]);
  };
  const off = value === null;
  const sliderPos = off ? 0 : valueToPosition(scale, value);
  const shown = off ? 'off' : formatInUnit(value, unit);
  const rangeText = `${formatInUnit(scale.lo, unit)} … ${formatInUnit(scale.hi, unit)}${scale.type === 'log' ? ' (log scale)' : ''}`;

  return (
    <FieldShell leaf={leaf} path={path} inputId={id} labelFor={off ? `${id}-on` : id} errors={errors} readout={<output htmlFor={id}>{shown}</output>}>
      {leaf.nullable ? (
        <div className="sc-toggle">
          <input
            id={`${id}-on`}
            type="checkbox"
            checked={!off}
            aria-labelledby={`${id}-label ${id}-onlabel`}
            onChange={(e) => applyNumber(e.target.checked ? Number(leaf.info.suggest ?? leaf.default ?? leaf.min ?? 0) : null)}
          />
          <label id={`${id}-onlabel`} htmlFor={`${id}-on`}>
            on
          </label>
        </div>
      ) : null}
      {off ? null : (
        <>
          <input
            type="range"
            className="sc-slider"
            min={0}
            max={scale.positions}
            step={1}
            value={sliderPos}
            aria-labelledby={`${id}-label`}
            aria-valuetext={shown}
            aria-describedby={`${id}-hint`}
            onChange={(e) => applyNumber(positionToValue(scale, Number(e.target.value), isInt))}
          />
          <div className="sc-range-ends" aria-hidden="true">
            <span>{formatInUnit(scale.lo, unit)}</span>
            <span>{formatInUnit(scale.hi, unit)}</span>
          </div>
          <div className="sc-number-row">
            <input
              id={id}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              value={draft}
              aria-invalid={errors.length > 0}
              aria-describedby={describedBy(id, errors)}
              title={`Type a value in ${unit?.label ?? 'plain numbers'}; slider range ${rangeText}`}
              onChange={(e) => onType(e.target.value)}
            />
            {unit ? <span className="sc-unit">{unit.label}</span> : null}
          </div>
        </>
      )}
    </FieldShell>
  );
}

function BoolField({ leaf, value, path, ctx }: { leaf: LeafNode; value: boolean; path: JsonPath; ctx: Ctx }) {
  const id = useId();
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <div className="sc-field sc-bool" data-path={dotted(path)}>
      <div className="sc-toggle">
        <input id={id} type="checkbox" checked={value} aria-describedby={describedBy(id, errors)} onChange={(e) => setErrors(ctx.apply(path, e.target.checked))} />
        <label htmlFor={id}>{leaf.info.label}</label>
      </div>
      <p id={`${id}-hint`} className="sc-hint">
        {leaf.info.hint}
      </p>
      <FieldErrors id={`${id}-err`} errors={errors} />
    </div>
  );
}

function ChoiceField({ leaf, options, value, path, ctx }: { leaf: LeafNode; options: readonly string[]; value: string; path: JsonPath; ctx: Ctx }) {
  const id = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const isVariant = leaf.pattern.endsWith('variant');
  return (
    <FieldShell leaf={leaf} path={path} inputId={id} errors={errors}>
      <select id={id} value={value} aria-describedby={describedBy(id, errors)} onChange={(e) => setErrors(ctx.apply(path, e.target.value))}>
        {options.includes(value) ? null : <option value={value}>{value}</option>}
        {isVariant
          ? <VariantOptions names={options} />
          : options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
      </select>
    </FieldShell>
  );
}

function TextField({ leaf, value, path, ctx }: { leaf: LeafNode; value: string; path: JsonPath; ctx: Ctx }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    setDraft(value);
    setErrors([]);
  }, [value]);
  const long = (leaf.maxLength ?? 0) > 200;
  const onType = (text: string): void => {
    setDraft(text);
    setErrors(ctx.apply(path, text));
  };
  const common = {
    id,
    value: draft,
    spellCheck: false,
    'aria-invalid': errors.length > 0,
    'aria-describedby': describedBy(id, errors),
  };
  return (
    <FieldShell leaf={leaf} path={path} inputId={id} errors={errors}>
      {long ? <textarea {...common} rows={3} onChange={(e) => onType(e.target.value)} /> : <input {...common} type="text" autoComplete="off" onChange={(e) => onType(e.target.value)} />}
    </FieldShell>
  );
}

// ---- disclosure -------------------------------------------------------------------------------

/**
 * A native <details> (keyboard and screen-reader support for free) that renders its content only
 * while open: 64 flows × 60 fields would otherwise be thousands of hidden inputs.
 */
function Collapsible({ summary, initiallyOpen, className, title, children }: { summary: ReactNode; initiallyOpen: boolean; className: string; title?: string; children: ReactNode }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details className={className} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary title={title}>{summary}</summary>
      {open ? <div className="sc-body">{children}</div> : null}
    </details>
  );
}
