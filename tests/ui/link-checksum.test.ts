/**
 * Share links carry a CRC-32 of their data. A changed character in lz-string's compressed text
 * can decompress to another valid scenario (an outside test saw 23 of 300 such links open
 * silently as something else), so the checksum is the only thing that notices. Here: links
 * damaged by 1–4 substituted characters never open silently as a different state, the same
 * damage without the checksum does (so this test can fail), and links from before the
 * checksum open exactly as they did.
 */
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../src/engine/core/rng.ts';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { decodeState, encodeState, linkChecksum, type SharedState } from '../../src/ui/state/url.ts';
import { DEFAULT_VIEW, type ViewState } from '../../src/ui/state/view.ts';

const presets = PRESETS.map((p) => {
  const r = parseScenario(p.scenario);
  if (!r.ok) throw new Error(`${p.name} invalid`);
  return r.scenario;
});
/** lz-string's URI alphabet: what a substituted character in the data can be. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

function randomState(s: RandomStream): SharedState {
  const base = presets[s.int(presets.length)];
  const flows = base.flows.map((f, i) => (i === 0 ? { ...f, variant: variantNames()[s.int(variantNames().length)] } : f));
  const scenario: Scenario = { ...base, seed: 1 + s.int(1000), flows };
  const view: ViewState = { ...DEFAULT_VIEW, compare: s.bernoulli(0.5) ? ['reno', 'cubic'] : [], theme: s.bernoulli(0.5) ? 'dark' : 'light' };
  return { scenario, view };
}

/** Replace `count` distinct characters after `v1.` (data and checksum alike) by other alphabet characters. */
function corrupt(link: string, count: number, s: RandomStream): string {
  const chars = [...link];
  const start = link.indexOf('.') + 1;
  const done = new Set<number>();
  while (done.size < count) {
    const at = start + s.int(chars.length - start);
    if (done.has(at) || chars[at] === '.') continue;
    let c = chars[at];
    while (c === chars[at]) c = ALPHABET[s.int(ALPHABET.length)];
    chars[at] = c;
    done.add(at);
  }
  return chars.join('');
}

const same = (a: SharedState, b: SharedState): boolean => JSON.stringify(a.scenario) === JSON.stringify(b.scenario) && JSON.stringify(a.view) === JSON.stringify(b.view);

interface Tally {
  silentWrong: number;
  reported: number;
  silentSame: number;
}

function fuzz(cases: number, withChecksum: boolean): Tally {
  const s = new RandomStream(36, withChecksum ? 'link-corruption' : 'link-corruption-old');
  const tally: Tally = { silentWrong: 0, reported: 0, silentSame: 0 };
  for (let i = 0; i < cases; i++) {
    const state = randomState(s);
    const link = encodeState(state);
    const sent = withChecksum ? link : link.slice(0, link.lastIndexOf('.'));
    // the fallback is never the sent state, so a silent fallback counts as wrong too
    const fallback: SharedState = { scenario: { ...presets[0], name: 'fallback', seed: 4242 }, view: DEFAULT_VIEW };
    const d = decodeState(corrupt(sent, 1 + (i % 4), s), fallback);
    if (d.problems.length > 0) tally.reported++;
    else if (same(d, state)) tally.silentSame++;
    else tally.silentWrong++;
  }
  return tally;
}

describe('share link checksum', () => {
  it('new links end in the CRC-32 of their data', () => {
    const link = encodeState({ scenario: presets[0], view: DEFAULT_VIEW });
    const [, data, sum] = link.split('.');
    expect(sum).toMatch(/^[0-9a-f]{8}$/);
    expect(sum).toBe(linkChecksum(data));
    // CRC-32 (IEEE 802.3) check value: "123456789" → cbf43926
    expect(linkChecksum('123456789')).toBe('cbf43926');
    expect(decodeState(link, { scenario: presets[1], view: DEFAULT_VIEW })).toEqual({ scenario: presets[0], view: DEFAULT_VIEW, problems: [] });
  });

  it('2 400 links with 1–4 characters changed: none opens silently as a different state', () => {
    const t = fuzz(2400, true);
    console.log(`link corruption, with checksum: ${JSON.stringify(t)}`);
    expect(t.silentWrong).toBe(0);
    expect(t.silentSame).toBe(0); // every substitution changes the data or the checksum, so every one is reported
  }, 120_000);

  it('without the checksum the same kind of damage does open silently as other states (what the checksum is for)', () => {
    const t = fuzz(600, false);
    console.log(`link corruption, without checksum: ${JSON.stringify(t)}`);
    expect(t.silentWrong).toBeGreaterThan(0);
  }, 120_000);

  it('a damaged link says so first, names where it differs, and is flagged for the banner', () => {
    const state: SharedState = { scenario: { ...presets[0], description: 'Reno over a 2 Mb/s bottleneck' }, view: DEFAULT_VIEW };
    const link = encodeState(state);
    const data = link.split('.')[1];
    // a checksum that does not match: the data itself reads fine
    const d = decodeState(`v1.${data}.00000000`, { scenario: presets[0], view: DEFAULT_VIEW });
    expect(d.damaged).toBe(true);
    expect(d.scenario.description).toBe('Reno over a 2 Mb/s bottleneck');
    expect(d.problems[0]).toMatch(/^link: damaged — its checksum does not match its data/);
    expect(d.problems[0]).toContain('differs from the scenario that was open in description');
    // damage that does not even decompress keeps the current state, as before
    const broken = decodeState(`v1.${data.slice(0, 20)}.${linkChecksum(data)}`, { scenario: presets[1], view: DEFAULT_VIEW });
    expect(broken.scenario).toEqual(presets[1]);
    expect(broken.problems.length).toBeGreaterThan(0);
  });
});

describe('links from before the checksum', () => {
  // made by the encoder as it was before checksums (lossy-10mbps, flow 0 CUBIC, compared with Reno, dark theme)
  const OLD = 'v1.N4IgzgxgpgdghgJwJYHsQC5QDcoLKmDAFgBoR4BbKDEAGxTDAE8BaARgAYKAjABzBBkAJlEjJeAFwI0wsEQgAEgZAIA2pw4KAstwD0YEgrYKKYALpKFCFAFcJuZWo3a9BogE5j+wxx8tecCABrKAkFbmsAMwjcAwAhXBgbWlokBXpGBQ4AOg4jCJQEAHdEIXNLKGgkHAQAbgUAOShCgCVYFAN1DhZuJjsFWQBzKhgJL0SFEVo4JighBQBBAGEAaQ6ffqzBEH8JAAsMFVAkIRpuFAkJWlgKwK38opKMUAQ4O1j+DE6fH2EoKaZNAJ0O4yABHaxQCFPECBJAwE7oEBCKySOBIWhbFIUJASAAKAWCo0+3wAvmRcFY8AdQLD4acEkkUlteLgMNlciTTGSQAgoNVZNCXm8Pugvt9fv9AcQ3GCIVDMDC4QikSiJGiMWQsTj8UEQkDOtyKQUgSpTGQhVAAMpCd5Ajjm15W+gSKXoGDWZLkgAeEheABE-tNNFA4DBXRwSZyyBF6IUTUdlTGUIU2FssIgkKGJDQINZuEgIFsAtBGNDjjRi6IwKnowViggEc9Hbbid82xKg-rZZDqAracrkShUejMUhsXiCXrWxHubz+b2m8L9W320jAwCuyBwT3of2aIPhxq6GPtZOiaLSeSEJSTWaeY7rS30Pb73ZLc7Xe7PSAoD7-evg1DcNIzICQIF4aFJmmWZ5iCDAIjgWhZEjLkyCwJAmmhfwYD+W8yEKJVk0tDAv1oMgIBQCh-F5A4eTaEA7woqjECgAAZaYbGzREUGqf4tj2KAqH3RBbjIXheVkEZWXQBCkKgMSJNgLjTXJHhZngxDZDIMBdmTeZdhDBFZK0kB8mSIiSI9MjwDkXAADUMMKDS5MjIA';

  it('open as before: no problem, no damage flag, the state they were made from', () => {
    const d = decodeState(OLD, { scenario: presets[0], view: DEFAULT_VIEW });
    expect(d.problems).toEqual([]);
    expect(d.damaged).toBeUndefined();
    const lossy = presets[PRESETS.findIndex((p) => p.name === 'lossy-10mbps')];
    expect(d.scenario).toEqual({ ...lossy, flows: lossy.flows.map((f, i) => (i === 0 ? { ...f, variant: 'cubic' } : f)) });
    expect(d.view).toEqual({ ...DEFAULT_VIEW, compare: ['reno'], theme: 'dark' });
  });

  it('and a new link of the same state holds the same data plus its checksum', () => {
    const d = decodeState(OLD, { scenario: presets[0], view: DEFAULT_VIEW });
    expect(encodeState(d)).toBe(`${OLD}.${linkChecksum(OLD.slice(3))}`);
    expect(LZString.decompressFromEncodedURIComponent(OLD.slice(3))).toContain('"variant":"cubic"');
  });
});
