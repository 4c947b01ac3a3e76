/**
 * Controls without a browser: the quick-controls edits (variant of every flow, seed and its
 * deterministic successor, the first link's error-model templates and PER), the one-line
 * scenario description, and server-rendered markup of the quick bar, the full controls, the
 * preset menu and the problem banner. Interaction (typing, dragging, keyboard) is left to e2e.
 */
import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { describeScenario, variantLabel } from '../../src/catalogue/format.ts';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PRESETS } from '../../src/content/presets/index.ts';
import { valueToPosition } from '../../src/ui/controls/fields.ts';
import { lateVariantNotes } from '../../src/ui/controls/variantNotes.ts';
import {
  commonVariant,
  errorKindOf,
  nextSeed,
  NEW_SEED_RANGE,
  parseSeed,
  PER_SCALE,
  perAt,
  perOf,
  quickErrorLink,
  SEED_MAX,
  withErrorKind,
  withPer,
  withVariant,
} from '../../src/ui/controls/quick.ts';
import { QuickControls } from '../../src/ui/controls/QuickControls.tsx';
import { ScenarioControls } from '../../src/ui/controls/ScenarioControls.tsx';
import { PresetMenu, presetGroups } from '../../src/ui/panels/PresetMenu.tsx';
import { ProblemBanner } from '../../src/ui/panels/ProblemBanner.tsx';

function reference(): Scenario {
  const parsed = parseScenario(getPreset('reference-2mbps')?.scenario);
  if (!parsed.ok) throw new Error('reference-2mbps does not validate');
  return parsed.scenario;
}

function valid(s: Scenario): Scenario {
  const r = parseScenario(s);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.scenario;
}

describe('ui quick controls: variant and seed', () => {
  it('sets the variant of every flow on a copy', () => {
    const base = valid(getPreset('fairness-5flows')?.scenario as Scenario);
    const edited = withVariant(base, 'reno');
    expect(edited.flows.map((f) => f.variant)).toEqual(base.flows.map(() => 'reno'));
    expect(commonVariant(edited)).toBe('reno');
    expect(base.flows.every((f) => f.variant === 'reno')).toBe(false);
    const mixed = { ...base, flows: base.flows.map((f, i) => ({ ...f, variant: i === 0 ? 'tahoe' : 'sack' })) };
    expect(commonVariant(mixed)).toBeNull();
  });

  it('parseSeed accepts every whole number of the schema range (0 … 2^32 − 1) and nothing else', () => {
    expect(parseSeed(' 42 ')).toEqual({ ok: true, seed: 42 });
    expect(parseSeed('0')).toEqual({ ok: true, seed: 0 });
    expect(parseSeed('4294967295')).toEqual({ ok: true, seed: 2 ** 32 - 1 });
    expect(SEED_MAX).toBe(2 ** 32 - 1);
    expect(parseSeed('4294967296').ok).toBe(false);
    expect(parseSeed('-1').ok).toBe(false);
    expect(parseSeed('1.5').ok).toBe(false);
    expect(parseSeed('').ok).toBe(false);
    expect(valid({ ...reference(), seed: 2 ** 32 - 1 }).seed).toBe(2 ** 32 - 1);
  });

  it('New seed is a deterministic step to a different seed in 0 … 999 999', () => {
    const seen = new Set<number>();
    let s = 1;
    for (let i = 0; i < 200; i++) {
      const n = nextSeed(s);
      expect(nextSeed(s)).toBe(n); // a function of the old seed only
      expect(n).not.toBe(s);
      expect(Number.isInteger(n) && n >= 0 && n < NEW_SEED_RANGE).toBe(true);
      seen.add(n);
      s = n;
    }
    // a hash step, not a counter: 200 steps give (nearly) 200 distinct seeds, not 2 … 201
    expect(seen.size).toBeGreaterThan(190);
    expect([...seen].some((x) => x > 1000)).toBe(true);
    expect(nextSeed(SEED_MAX)).toBeLessThan(NEW_SEED_RANGE);
  });
});

describe('ui quick controls: which link the error controls edit', () => {
  const preset = (name: string): Scenario => valid(getPreset(name)?.scenario as Scenario);

  it('the first path link with errors (the wireless hop), else the last link', () => {
    const lp = preset('lp-correlated'); // wired, then a wireless hop with Gilbert–Elliott errors
    expect(lp.path.map((l) => l.forward.errors.length > 0)).toEqual([false, true]);
    expect(quickErrorLink(lp)).toBe(1);
    // With no errors anywhere, the last hop (where the papers put the wireless link).
    const clean = { ...lp, path: lp.path.map((l) => ({ ...l, forward: { ...l.forward, errors: [] } })) };
    expect(quickErrorLink(clean)).toBe(1);
    expect(quickErrorLink(reference())).toBe(0);
    // Editing through the quick controls changes that link only.
    const edited = valid(withPer(lp, 0.2));
    expect(edited.path[0]).toEqual(lp.path[0]);
    expect(perOf(edited)).toBe(0.2);
  });
});

describe('ui quick controls: error model of the first link', () => {
  const base = reference();

  it('reads a clean link as none and each template back as itself, all valid scenarios', () => {
    expect(errorKindOf(base)).toBe('none');
    expect(perOf(base)).toBeNull();
    for (const kind of ['bernoulli', 'gilbert-elliott', 'on-off', 'handoff', 'none'] as const) {
      const s = valid(withErrorKind(base, kind));
      expect(errorKindOf(s)).toBe(kind);
      // only the first link's forward direction changed
      expect(s.path.slice(1)).toEqual(base.path.slice(1));
      expect(s.path[0].reverse).toEqual(base.path[0].reverse);
    }
  });

  it('uses the brief\'s handoff channel: OFF state, PER 0.99, 5 s connected / 0.5 s off', () => {
    const m = valid(withErrorKind(base, 'handoff')).path[0].forward.errors[0];
    expect(m).toMatchObject({ kind: 'gilbert-elliott', badState: 'off', perBad: 0.99, meanGoodS: 5, meanBadS: 0.5, perGood: 0 });
    expect(perOf(withErrorKind(base, 'handoff'))).toBeNull(); // the PER slider does not apply
  });

  it('the PER slider sets Bernoulli per, and perBad for Gilbert–Elliott and ON/OFF', () => {
    const b = withPer(withErrorKind(base, 'bernoulli'), 0.05);
    expect(b.path[0].forward.errors).toEqual([{ kind: 'bernoulli', per: 0.05 }]);
    for (const kind of ['gilbert-elliott', 'on-off'] as const) {
      const s = valid(withPer(withErrorKind(base, kind), 0.2));
      const m = s.path[0].forward.errors[0];
      expect(m.kind === 'gilbert-elliott' ? [m.perBad, m.perGood] : null).toEqual([0.2, 0]);
      expect(errorKindOf(s)).toBe(kind);
    }
    expect(withPer(base, 0.1)).toBe(base); // nothing to set on a clean link
  });

  it('calls several models or a blackout custom, and leaves them to the full controls', () => {
    const two = valid({ ...base, path: [{ ...base.path[0], forward: { ...base.path[0].forward, errors: [{ kind: 'bernoulli', per: 0.01 }, { kind: 'blackout', atS: 1, durationS: 1, per: 1 }] } }, ...base.path.slice(1)] });
    expect(errorKindOf(two)).toBe('custom');
    expect(perOf(two)).toBeNull();
  });

  it('PER slider spans 1e-4 … 0.5 on a log scale: exact ends and decades, every step a new, larger rate', () => {
    expect(perAt(0)).toBe(1e-4);
    expect(perAt(PER_SCALE.positions)).toBe(0.5);
    for (const per of [1e-3, 1e-2, 1e-1]) expect(perAt(valueToPosition(PER_SCALE, per))).toBe(per);
    // a decade takes the same number of steps wherever it is (log scale)
    const pos = [1e-3, 1e-2, 1e-1].map((p) => valueToPosition(PER_SCALE, p));
    expect(pos[1] - pos[0]).toBe(pos[2] - pos[1]);
    for (let p = 1; p <= PER_SCALE.positions; p++) expect(perAt(p)).toBeGreaterThan(perAt(p - 1));
  });
});

describe('ui variantLabel', () => {
  it('gives every registered variant its conventional spelling, not the registry name', () => {
    for (const name of variantNames()) expect(variantLabel(name), name).not.toBe(name);
    expect(variantLabel('westwood-plus')).toBe('Westwood+');
    expect(variantLabel('not-registered')).toBe('not-registered');
  });
});

describe('ui describeScenario', () => {
  it('says what runs now, not what the preset said', () => {
    const r = reference();
    const s = withVariant({ ...r, path: [{ ...r.path[0], forward: { ...r.path[0].forward, rateBps: 1.5e6 } }, ...r.path.slice(1)] }, 'tahoe');
    expect(describeScenario(s)).toBe('1 Tahoe flow through a 1.5 Mb/s, 49 ms link with a 25-packet queue, 100 s');
  });

  it('names every hop of a longer path, which ones have errors, and cross traffic', () => {
    const lp = valid(getPreset('lp-uncorrelated')?.scenario as Scenario);
    const hops = lp.path.map((l) => l.forward);
    // Built from the preset's own fields, so the test states the format, not the preset's numbers.
    const hop = (d: (typeof hops)[number]): string => `${d.rateBps / 1e6} Mb/s ${d.delayMs} ms${d.errors.length > 0 ? ' with wireless errors' : ''}`;
    expect(describeScenario(lp)).toBe(`1 NewReno flow over 2 links (${hops.map(hop).join(' → ')}), with cross traffic, ${lp.durationS} s`);
    expect(describeScenario(lp)).toContain('with wireless errors');
    // compared (issue 31): the subtitle leads with the variants on screen, not the scenario's own one
    expect(describeScenario(lp, ['real', 'reno', 'tahoe'])).toBe(`TCP-Real, Reno, and Tahoe compared: 1 flow over 2 links (${hops.map(hop).join(' → ')}), with cross traffic, ${lp.durationS} s`);
  });
});

describe('ui QuickControls markup', () => {
  const html = renderToStaticMarkup(createElement(QuickControls, { scenario: withPer(withErrorKind(reference(), 'bernoulli'), 0.01), variants: ['tahoe', 'reno', 'newreno', 'sack'], onChange: () => [] }));

  it('is a labelled region whose every control has a label', () => {
    expect(html).toMatch(/<section[^>]*aria-label="Quick controls"/);
    const inputs = [...html.matchAll(/<(input|select)\b[^>]*>/g)].map((m) => m[0]);
    expect(inputs.length).toBe(4); // variant, seed, error model, PER
    for (const tag of inputs) {
      const id = /\bid="([^"]+)"/.exec(tag)?.[1];
      expect(id !== undefined && html.includes(`for="${id}"`), tag).toBe(true);
    }
  });

  it('shows the current variant, seed and PER', () => {
    expect(html).toMatch(/<option value="newreno" selected="">NewReno<\/option>/);
    expect(html).toMatch(/data-testid="quick-seed"[^>]*value="1"/);
    expect(html).toMatch(/<option value="bernoulli" selected="">/);
    expect(html).toMatch(/aria-valuetext="1 % \(log scale/);
  });

  // Issue 37: the variants' descriptions left the first load (controls/variantNotes.ts), so the
  // options have their tooltips only once that text is in; before, they have none (not an empty one).
  it('gives each variant its description as a tooltip once the descriptions are in', async () => {
    expect(html).not.toMatch(/<option value="[a-z]+" title=/);
    await lateVariantNotes.load();
    const later = renderToStaticMarkup(createElement(QuickControls, { scenario: reference(), variants: ['tahoe', 'reno', 'newreno', 'sack'], onChange: () => [] }));
    expect(later).toMatch(/<option value="newreno" title="NewReno: [^"]+" selected="">NewReno<\/option>/);
    expect(later).toMatch(/<option value="tahoe" title="Tahoe: [^"]+">Tahoe<\/option>/);
  });
});

// ---- schema-driven controls, preset menu, problem banner: server-rendered markup ----------------
// (Interaction — typing, dragging, keyboard — needs a browser and is left to the e2e tests.)

function markup(el: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(el);
}

describe('ui ScenarioControls markup', () => {
  const all = ['scenario', 'path', 'errors', 'queues', 'flows', 'cross', 'apps'] as const;
  const html = markup(createElement(ScenarioControls, { scenario: reference(), onChange: () => [], initiallyOpen: all }));

  it('has one collapsible section per group, titled', () => {
    for (const title of ['Scenario', 'Path', 'Errors', 'Queues', 'Flows', 'Cross traffic', 'Applications']) {
      expect(html).toContain(`<span class="sc-group-title">${title}</span>`);
    }
  });

  it('shows the bottleneck rate as a labelled log slider reading 2 Mb/s and a box holding 2 (Mb/s)', () => {
    const field = /<div class="sc-field" data-path="path\.0\.forward\.rateBps">([\s\S]*?)<\/p><\/div>/.exec(html)?.[1] ?? '';
    expect(field).toContain('>Rate</label>');
    expect(field).toMatch(/<input type="range"[^>]*aria-valuetext="2 Mb\/s"/);
    expect(field).toMatch(/<input [^>]*type="text"[^>]*value="2"/);
    expect(field).toContain('<span class="sc-unit">Mb/s</span>');
  });

  it('labels every input it renders (a <label for> or aria-labelledby)', () => {
    const inputs = [...html.matchAll(/<(input|select|textarea)\b[^>]*>/g)].map((m) => m[0]);
    expect(inputs.length).toBeGreaterThan(10);
    for (const tag of inputs) {
      const id = /\bid="([^"]+)"/.exec(tag)?.[1];
      const labelled = /aria-labelledby="/.test(tag) || (id !== undefined && html.includes(`for="${id}"`));
      expect(labelled, tag).toBe(true);
    }
  });

  it('offers a kind selector for the queue with every discipline', () => {
    // Issue 34 adds the four delay-based AQMs to the three older disciplines.
    expect(html).toMatch(/<label[^>]*>Queue discipline<\/label><select[^>]*>(?:<option[^>]*>[^<]*<\/option>){7}<\/select>/);
    for (const kind of ['droptail', 'red', 'cw', 'codel', 'fq-codel', 'pie', 'dualpi2']) expect(html).toContain(`<option value="${kind}"`);
  });
});

describe('ui PresetMenu', () => {
  it('files every preset under its group once, with its description', () => {
    const groups = presetGroups();
    expect(groups.flatMap((g) => g.presets.map((p) => p.name)).sort()).toEqual(PRESETS.map((p) => p.name).sort());
    for (const g of groups) for (const p of g.presets) expect(p.group).toBe(g.group);
    const html = markup(createElement(PresetMenu, { current: 'lossy-10mbps', onPick: () => {}, initiallyOpen: true }));
    for (const p of PRESETS) expect(html).toContain(p.description.replace(/&/g, '&amp;'));
    expect((html.match(/aria-current="true"/g) ?? []).length).toBe(1);
    expect(html).toMatch(/aria-current="true"[^>]*>[^]*?lossy-10mbps/);
  });
});

describe('ui ProblemBanner', () => {
  it('is an alert listing each problem, and renders nothing without problems', () => {
    const html = markup(createElement(ProblemBanner, { problems: ['a: bad', 'b: worse'], onDismiss: () => {} }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('<li>a: bad</li><li>b: worse</li>');
    expect(markup(createElement(ProblemBanner, { problems: [], onDismiss: () => {} }))).toBe('');
  });
});
