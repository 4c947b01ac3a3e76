/**
 * Embedding: the readable link options (`&embed=1&panels=cwnd,queue`, what a lecturer may type
 * into an iframe's src by hand) and the embed code the app copies. Bad options are named with
 * their allowed values and ignored; the rest of the link still counts.
 */
import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/content/presets/index.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import { embedCode } from '../../src/ui/export/embed.ts';
import { decodeState, encodeState, type SharedState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW } from '../../src/ui/state/view.ts';

function preset(name: string) {
  const r = parseScenario(getPreset(name)!.scenario);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}
const fallback: SharedState = { scenario: preset('reference-2mbps'), view: DEFAULT_VIEW };
const other: SharedState = { scenario: preset('lp-uncorrelated'), view: { ...DEFAULT_VIEW, compare: ['newreno', 'newreno-lp'] } };

describe('link options', () => {
  it('embed and panels after the data set the view; the data keeps the rest', () => {
    const d = decodeState(`#${encodeState(other)}&embed=1&panels=cwnd,queue`, fallback);
    expect(d.problems).toEqual([]);
    expect(d.scenario).toEqual(other.scenario);
    expect(d.view).toEqual({ ...other.view, embed: true, panels: ['cwnd', 'queue'] });
  });

  it('options alone apply to the default scenario', () => {
    const d = decodeState('#embed=1&panels=cwnd', fallback);
    expect(d.problems).toEqual([]);
    expect(d.scenario).toEqual(fallback.scenario);
    expect(d.view).toEqual({ ...DEFAULT_VIEW, embed: true, panels: ['cwnd'] });
  });

  it('a bad option is named with what is allowed and ignored; the others still apply', () => {
    const d = decodeState(`#${encodeState(other)}&embed=yes&panels=cwnd,Queue!&colour=red&panels=queue`, fallback);
    expect(d.problems).toEqual([
      'embed: "yes" is not 0 or 1 — ignored it',
      'panels: "Queue!" is not a panel id (lower-case letters, digits and "-") — ignored the list',
      'link: unknown option "colour" — allowed: embed, panels; ignored it',
    ]);
    expect(d.view).toEqual({ ...other.view, embed: false, panels: ['queue'] });
  });

  it('embed=0 turns an embed link back into the full app', () => {
    const embedded = encodeState({ ...other, view: { ...other.view, embed: true } });
    expect(decodeState(`#${embedded}&embed=0`, fallback).view.embed).toBe(false);
  });
});

describe('embed code', () => {
  const src = (html: string): string => /src="([^"]*)"/.exec(html)![1].replace(/&amp;/g, '&');

  it('is an iframe whose link opens the same scenario, embedded, with the chosen panels', () => {
    const html = embedCode({ ...other, view: { ...other.view, presenter: true } }, ['cwnd', 'metrics'], 'https://example.edu/tcp-lab/');
    expect(html).toMatch(/^<iframe src="https:\/\/example\.edu\/tcp-lab\/#v\d+\.[^"]+" title="TCP Lab: lp-uncorrelated" width="960" height="640" [^>]*><\/iframe>$/);
    const d = decodeState(src(html).split('#')[1], fallback);
    expect(d.problems).toEqual([]);
    expect(d.scenario).toEqual(other.scenario);
    expect(d.view).toEqual({ ...other.view, embed: true, presenter: false, panels: ['cwnd', 'metrics'] });
  });

  it("quotes the scenario's name safely inside the attribute", () => {
    const html = embedCode({ ...fallback, scenario: { ...fallback.scenario, name: 'a "quoted" <b>name</b> & more' } }, ['cwnd'], 'https://x/');
    expect(html).toContain('title="TCP Lab: a &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; &amp; more"');
    expect(html.match(/"/g)!.length % 2).toBe(0);
  });
});
