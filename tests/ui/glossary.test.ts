/**
 * Jargon on screen has a definition: every estimate any variant traces (by its declared legend
 * label) and the words the issue lists; each definition names a unit
 * (or says it has none). Captions and hints get their terms marked where they stand.
 */
import { describe, expect, it } from 'vitest';
import { variantNames } from '../../src/catalogue/variants.ts';
import { getVariant } from '../../src/engine/tcp/cc/registry.ts';
import { findTerms, GLOSSARY } from '../../src/ui/events/glossary.ts';

const UNIT = /segments|Mb\/s|milliseconds|seconds|bytes|no unit|\(no unit\)/;

describe('glossary', () => {
  it('defines every estimate a variant traces, by the name its legend shows', () => {
    const missing: string[] = [];
    for (const name of variantNames()) {
      for (const { key, label } of getVariant(name).create().estimates ?? []) {
        if (findTerms(label).length === 0) missing.push(`${name}: ${key} ("${label}")`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('defines the jargon the stage shows, each with its unit', () => {
    for (const word of ['VP', 'BWE', 'TABE', 'ownd', 'acprtt', 'wave level', 'pipe', 'ssthresh', 'RTO', 'cwnd']) {
      const entry = GLOSSARY[word];
      expect(entry, word).toBeDefined();
      expect(entry.definition, word).toMatch(UNIT);
    }
  });

  it('finds whole words only, longest first, in any case, under the glossary’s own spelling', () => {
    expect(findTerms('cwnd gain and cwnd').map((m) => m.key)).toEqual(['cwnd gain', 'cwnd']);
    expect(findTerms('tabe (Mb/s)')).toEqual([{ start: 0, end: 4, key: 'TABE' }]);
    expect(findTerms('cwnds, rwnd, Kb, pipeline')).toEqual([]);
    expect(findTerms('3rd duplicate ACK · NewReno: fast retransmit').map((m) => m.key)).toEqual(['duplicate ACK', 'fast retransmit']);
  });
});
