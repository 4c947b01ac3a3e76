// Exports and imports: file names, scenario files (round trip, old format, bad files), the trace
// CSV adapter and the pure half of SVG export. The DOM half (computed styles, canvas) is left to
// the browser tests.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { safeFilename } from '../../src/ui/export/download.ts';
import { importScenarioFile, MAX_SCENARIO_FILE_CHARS, scenarioFilename, scenarioJson } from '../../src/ui/export/scenarioFile.ts';
import { standaloneSvg, styleAttribute } from '../../src/ui/export/svg.ts';
import { traceExport } from '../../src/ui/export/traceFile.ts';
import { TRACE_HEADER } from '../../src/engine/trace-csv.ts';
import { decodeText } from '../../src/scenario/jsonText.ts';

function preset(name: string): Scenario {
  const r = parseScenario(getPreset(name)?.scenario);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

describe('ui export: file names', () => {
  it('keeps letters, digits, dot, dash and underscore; never empty', () => {
    expect(safeFilename('Reno vs SACK: lossy/3G')).toBe('Reno-vs-SACK-lossy-3G');
    expect(safeFilename('Café ñandú')).toBe('Cafe-nandu');
    expect(safeFilename('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFilename('///')).toBe('tcp-lab');
    expect(safeFilename('x'.repeat(200))).toHaveLength(80);
    expect(scenarioFilename({ name: 'reference-2mbps' })).toBe('reference-2mbps.json');
  });
});

describe('ui export: scenario files', () => {
  it('exports JSON that imports back to the same scenario, with nothing to report', () => {
    const s = preset('fairness-5flows');
    expect(importScenarioFile(scenarioJson(s))).toEqual({ scenario: s, problems: [] });
  });

  it('accepts a byte-order mark (Windows editors add one)', () => {
    const s = preset('reference-2mbps');
    expect(importScenarioFile(`\uFEFF${scenarioJson(s)}`).scenario).toEqual(s);
  });

  it('refuses duplicate keys, naming the key and where (JSON.parse would keep the last silently)', () => {
    const s = preset('reference-2mbps');
    const text = scenarioJson(s).replace('"variant": "newreno"', '"variant": "newreno",\n      "variant": "cubic"');
    const r = importScenarioFile(text);
    expect(r.scenario).toBeNull();
    expect(r.problems).toEqual([expect.stringMatching(/^the file has the key "variant" twice in flows\.0 \(line \d+, column 7\)/)]);
  });

  it('reads the bytes of a UTF-16 file with a byte-order mark; names other non-UTF-8 text', () => {
    const s = preset('reference-2mbps');
    const json = scenarioJson(s);
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from(json, 'utf16le')]);
    const d = decodeText(le, 'the file');
    expect(d.ok && importScenarioFile(d.text).scenario).toEqual(s);
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(json, 'utf8')]), 'the file')).toEqual({ ok: true, text: json });
    // 0xc3 starts a 2-byte sequence; 0x28 cannot continue it
    expect(decodeText(new Uint8Array([0x7b, 0x7d, 0xc3, 0x28]), 'the file')).toEqual({ ok: false, message: 'the file is not UTF-8 text (byte 3 is 0xc3) — save it as UTF-8 (or UTF-16 with a byte-order mark)' });
    // a U+FFFD the file really holds is text, not an error
    expect(decodeText(new Uint8Array([0xef, 0xbf, 0xbd, 0x80]), 'the file')).toMatchObject({ ok: false, message: expect.stringContaining('byte 4 is 0x80') });
  });

  it('refuses text that is not JSON, saying so', () => {
    const r = importScenarioFile('{"version": 2,');
    expect(r.scenario).toBeNull();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/^the file is not valid JSON: /);
  });

  it('refuses an invalid scenario with one line per error, in validate.ts wording', () => {
    const raw = structuredClone(getPreset('reference-2mbps')?.scenario) as Record<string, unknown>;
    (raw.flows as Record<string, unknown>[])[0].tcp = { mssBytes: 50 };
    raw.seede = 1;
    const r = importScenarioFile(JSON.stringify(raw));
    expect(r.scenario).toBeNull();
    expect(r.problems).toContain('flows.0.tcp.mssBytes: 50 is out of range — allowed 100 … 9000');
    expect(r.problems.some((p) => p.startsWith('seede: unknown field — did you mean "seed"?'))).toBe(true);
  });

  it('updates a version-1 file (one loss model per direction) and notes it', () => {
    const v1 = {
      version: 1,
      path: [{ id: 'b', forward: { rateBps: 1e6, delayMs: 10, loss: { kind: 'bernoulli', per: 0.05 } } }],
      flows: [{ id: 'f', access: { id: 'a', forward: { rateBps: 1e8, delayMs: 1 } } }],
    };
    const r = importScenarioFile(JSON.stringify(v1));
    expect(r.scenario?.path[0].forward.errors).toEqual([{ kind: 'bernoulli', per: 0.05 }]);
    expect(r.problems.length).toBeGreaterThan(0);
    for (const p of r.problems) expect(p).toMatch(/^updated from an older format: /);
  });

  it('refuses an oversized file before parsing it', () => {
    const r = importScenarioFile(' '.repeat(MAX_SCENARIO_FILE_CHARS + 1));
    expect(r.scenario).toBeNull();
    expect(r.problems[0]).toMatch(/at most 5000000/);
  });
});

describe('ui export: trace CSV', () => {
  const s = preset('short-transfer');
  const run = runScenario(s);

  it('writes the CLI trace format and names the file after scenario and seed', () => {
    const t = traceExport(s, { ...run, decimated: false });
    expect(t.filename).toBe('short-transfer-seed1-trace.csv');
    expect(t.csv.split('\n')[0]).toBe(TRACE_HEADER);
    expect(t.csv.split('\n').length).toBeGreaterThan(10);
    expect(t.warning).toBeNull();
  });

  it('warns when the rows were thinned for display', () => {
    expect(traceExport(s, { ...run, decimated: true }).warning).toMatch(/thinned for display/);
  });
});

describe('ui export: standalone SVG (string part)', () => {
  it('writes non-initial computed values into a style attribute, quotes made safe', () => {
    const computed: Record<string, string> = {
      fill: 'rgb(17, 17, 17)',
      stroke: 'none',
      'stroke-width': '2.5px',
      'stroke-dasharray': 'none',
      opacity: '1',
      'font-family': '"Segoe UI", Roboto, sans-serif',
      'text-anchor': 'middle',
      display: 'inline',
    };
    expect(styleAttribute((p) => computed[p] ?? '')).toBe("fill:rgb(17, 17, 17);stroke:none;stroke-width:2.5px;font-family:'Segoe UI', Roboto, sans-serif;text-anchor:middle");
  });

  it('adds the namespace, sets size and viewBox from the frame and paints the background first', () => {
    const out = standaloneSvg('<svg class="chart" width="300" height="200" role="img" aria-label="cwnd"><g><text x="1">a</text></g></svg>', {
      x: -4,
      y: -4,
      width: 320.456,
      height: 208,
      background: 'rgb(250, 250, 250)',
    });
    expect(out).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<svg role="img" aria-label="cwnd" xmlns="http://www.w3.org/2000/svg" width="320.46" height="208" viewBox="-4 -4 320.46 208">' +
        '<rect x="-4" y="-4" width="320.46" height="208" fill="rgb(250, 250, 250)"/><g><text x="1">a</text></g></svg>',
    );
  });

  it('keeps an existing namespace, declares xlink when used, and handles an empty <svg/>', () => {
    const frame = { x: 0, y: 0, width: 10, height: 10, background: null };
    const withNs = standaloneSvg('<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="#a"/></svg>', frame);
    expect(withNs.match(/xmlns="/g)).toHaveLength(1);
    expect(withNs).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(standaloneSvg('<svg/>', frame)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"></svg>');
    expect(() => standaloneSvg('<div></div>', frame)).toThrow(/does not start with an <svg>/);
  });
});
