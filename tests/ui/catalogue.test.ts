/**
 * The variant catalogue as the UI uses it: every variant's colour is one of the Okabe–Ito line
 * colours (colour-blind safe, not the yellow or sky blue that wash out as lines), and every set of
 * variants a preset or a lesson compares gets one colour each from the catalogue alone — so a
 * variant looks the same in a lecture's comparison as everywhere else.
 */
import { describe, expect, it } from 'vitest';
import { byFamily, VARIANTS } from '../../src/catalogue/variants.ts';
import { VARIANT_DESCRIPTIONS } from '../../src/catalogue/variantDescriptions.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import { LESSON_INPUTS } from '../../src/content/lessons/index.ts';
import { FIGURES } from '../../src/experiments/figures.ts';
import { distinctColours, LINE_PALETTE, variantColour } from '../../src/catalogue/palette.ts';

// the line forms of the catalogue's colours: Okabe–Ito's orange and reddish purple fall below 3:1 on the light panel (issue 31)
const LINE_SAFE: readonly string[] = [LINE_PALETTE.blue, LINE_PALETTE.orange, LINE_PALETTE.bluishGreen, LINE_PALETTE.reddishPurple, LINE_PALETTE.vermillion];

describe('catalogue colours', () => {
  it('are line colours of the palette', () => {
    for (const v of VARIANTS) expect(LINE_SAFE, v.name).toContain(variantColour(v.name));
  });

  it('tell apart every set a preset, a lesson or a figure compares, without the clash fallback', () => {
    const sets: [string, readonly string[]][] = [
      ...PRESETS.filter((p) => p.compare).map((p): [string, readonly string[]] => [p.name, p.compare!]),
      ...LESSON_INPUTS.flatMap((l) => l.steps.map((s, i): [string, readonly string[]] => [`${l.name} step ${i + 1}`, s.compare ?? []]).filter(([, names]) => names.length > 0)),
      ...FIGURES.map((f): [string, readonly string[]] => [f.experiment.id, f.experiment.variants]),
    ];
    expect(sets.length).toBeGreaterThan(10);
    for (const [where, names] of sets) {
      const own = names.map(variantColour);
      expect(new Set(own).size, `${where}: ${names.join(', ')}`).toBe(names.length);
      expect(distinctColours(names), where).toEqual(own);
    }
  });

  it('keep the four classic recoveries in their catalogue colours (line forms: Reno\'s orange is now an olive, Tahoe\'s purple deeper, issue 31)', () => {
    expect(['newreno', 'reno', 'tahoe', 'sack'].map(variantColour)).toEqual([LINE_PALETTE.blue, LINE_PALETTE.orange, LINE_PALETTE.reddishPurple, LINE_PALETTE.bluishGreen]);
  });
});

describe('catalogue menus', () => {
  it('group variants by family in catalogue order, keeping the given order inside a family, unknown names last', () => {
    expect(byFamily(['bbr', 'x-test', 'newreno', 'reno', 'vegas'])).toEqual([
      { label: 'Classic loss recovery', names: ['newreno', 'reno'] },
      { label: 'Delay-based', names: ['vegas'] },
      { label: 'Modern', names: ['bbr'] },
      { label: 'Other', names: ['x-test'] },
    ]);
    expect(byFamily(VARIANTS.map((v) => v.name)).flatMap((g) => g.names)).toEqual(VARIANTS.map((v) => v.name));
  });
});

describe('catalogue descriptions', () => {
  it('give every variant one line, starting with its label, and name no variant the catalogue lacks', () => {
    expect(Object.keys(VARIANT_DESCRIPTIONS).sort()).toEqual(VARIANTS.map((v) => v.name).sort());
    // the label may be spelt out in full (TCP Prague, Westwood (original)), so compare its first word
    for (const v of VARIANTS) expect(VARIANT_DESCRIPTIONS[v.name], v.name).toMatch(new RegExp(`^(TCP )?${v.label.split(/[ (]/)[0].replace(/[+]/g, '\\+')}`));
  });
});
