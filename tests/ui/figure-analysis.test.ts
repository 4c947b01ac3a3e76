/**
 * The experiments view's analysis beside a verdict: for a figure with a record it shows the five
 * parts and a "Run it" link per experiment that opens exactly that experiment; for a figure
 * without one, nothing.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { figureAnalysis } from '../../src/experiments/analyses.ts';
import { FigureAnalysisNote } from '../../src/ui/experiments/FigureAnalysisNote.tsx';
import { decodeExperimentHash } from '../../src/ui/experiments/route.ts';

describe('figure analysis note', () => {
  it('shows what the paper states, what we run, the difference, the mechanism and runnable experiments', () => {
    const a = figureAnalysis('probing-fig3')!;
    const html = renderToStaticMarkup(createElement(FigureAnalysisNote, { figureId: 'probing-fig3', badge: 'does not match' }));
    expect(html).toContain('Why it does not match');
    for (const label of ['The paper', 'What we run', 'The difference', 'The mechanism', 'The experiments that show it']) expect(html).toContain(label);
    expect(html).toContain('Exponential back-off');
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(hrefs).toHaveLength(a.experiments.length);
    const opened = decodeExperimentHash(hrefs[0]);
    expect(opened.problems).toEqual([]);
    expect(opened.experiment?.id).toBe('probing-fig3-why-1');
    expect(opened.experiment?.edits).toContain('flows.0.tcp.maxRtoMs=2000');
  });

  it('says the analysis is a record once the figure matches, and shows nothing for a figure without one', () => {
    expect(renderToStaticMarkup(createElement(FigureAnalysisNote, { figureId: 'nj-table1', badge: 'matches' }))).toContain('Why it did not match (recorded analysis)');
    expect(renderToStaticMarkup(createElement(FigureAnalysisNote, { figureId: 'lp-fig2a', badge: 'matches' }))).toBe('');
  });
});
