import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/scenarios/presets/index.ts';
import { parseScenario } from '../../src/scenarios/validate.ts';
import type { Scenario } from '../../src/scenarios/schema.ts';
import { applyControls, controlsFrom, parseSeed, snapRate } from '../../src/ui/state/controls.ts';
import { describeScenario } from '../../src/ui/format.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PRESETS } from '../../src/scenarios/presets/index.ts';
import { ScenarioControls } from '../../src/ui/controls/ScenarioControls.tsx';
import { PresetMenu, presetGroups } from '../../src/ui/panels/PresetMenu.tsx';
import { ProblemBanner } from '../../src/ui/panels/ProblemBanner.tsx';

function reference(): Scenario {
  const parsed = parseScenario(getPreset('reference-2mbps')?.scenario);
  if (!parsed.ok) throw new Error('reference-2mbps does not validate');
  return parsed.scenario;
}

describe('ui controls', () => {
  it('reads variant, bottleneck rate and seed from a scenario', () => {
    expect(controlsFrom(reference())).toEqual({ variant: 'newreno', rateMbps: 2, seed: 1 });
  });

  it('applyControls edits a copy: bottleneck forward rate, every flow variant, seed', () => {
    const base = reference();
    const edited = applyControls(base, { variant: 'reno', rateMbps: 5.3, seed: 7 });
    expect(edited.path[0].forward.rateBps).toBe(5_300_000);
    expect(edited.flows.every((f) => f.variant === 'reno')).toBe(true);
    expect(edited.seed).toBe(7);
    expect(base.path[0].forward.rateBps).toBe(2e6);
    expect(base.flows[0].variant).toBe('newreno');
    expect(parseScenario(edited).ok).toBe(true);
  });

  it('snapRate keeps the slider grid and range', () => {
    expect(snapRate(1.9000000000000001)).toBeCloseTo(1.9, 12);
    expect(snapRate(0.1)).toBe(0.5);
    expect(snapRate(42)).toBe(10);
  });

  it('parseSeed accepts whole numbers in range only', () => {
    expect(parseSeed(' 42 ')).toEqual({ ok: true, seed: 42 });
    expect(parseSeed('0')).toEqual({ ok: true, seed: 0 });
    expect(parseSeed('-1').ok).toBe(false);
    expect(parseSeed('1.5').ok).toBe(false);
    expect(parseSeed('').ok).toBe(false);
    expect(parseSeed('4294967296').ok).toBe(false);
  });
});

describe('ui describeScenario', () => {
  it('says what runs now, not what the preset said', () => {
    const s = applyControls(reference(), { variant: 'tahoe', rateMbps: 1.5, seed: 1 });
    expect(describeScenario(s)).toBe('1 Tahoe flow through a 1.5 Mb/s, 49 ms link with a 25-packet queue, 100 s');
  });
});

// ---- schema-driven controls, preset menu, problem banner: server-rendered markup ----------------
// (Interaction — typing, dragging, keyboard — needs a browser and is left to the e2e tests.)

function markup(el: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(el);
}

describe('ui ScenarioControls markup', () => {
  const all = ['scenario', 'path', 'errors', 'queues', 'flows', 'cross', 'apps'] as const;
  const html = markup(createElement(ScenarioControls, { scenario: reference(), onChange: () => {}, initiallyOpen: all }));

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
    expect(html).toMatch(/<label[^>]*>Queue discipline<\/label><select[^>]*>(?:<option[^>]*>[^<]*<\/option>){3}<\/select>/);
    for (const kind of ['droptail', 'red', 'cw']) expect(html).toContain(`<option value="${kind}"`);
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
