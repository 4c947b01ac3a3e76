/**
 * The congestion-event model, its captions and stepping stops, on hand-built traces (every
 * expectation worked out from the rows written below) and on reference-2mbps, where the first
 * fast-retransmit caption is checked against the CLI's own trace output and the raw tables.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.ts';
import { execute, type CliIo } from '../../src/cli/execute.ts';
import { ColumnarSink, DROP_CAUSES, type TraceData } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { caption } from '../../src/ui/events/captions.ts';
import { caSpans, congestionEvents, eventsAt, type CongestionEvent, type RunFacts } from '../../src/ui/events/congestionEvents.ts';
import { eventTimesOf } from '../../src/ui/state/eventTimes.ts';

const MS = 1e6;
const S = 1e9;

/**
 * One NewReno flow, MSS 1000: segments 10, 11, 12 dropped by the queue at 1.00/1.01/1.02 s, the
 * first duplicate ACK for 10 000 at 1.10 s, the third at 1.12 s → fast retransmit; full ACK
 * (30 000) at 1.30 s → open. Then segment 30 lost on the channel at 2.0 s and no ACK since 1.30 s:
 * timeout at 3.0 s, back to open at 3.2 s.
 */
function handTrace(): TraceData {
  const t = new ColumnarSink();
  t.cwnd(0, 0, 2000, Number.POSITIVE_INFINITY);
  t.cwnd(900 * MS, 0, 24_000, Number.POSITIVE_INFINITY);
  t.drop(1000 * MS, 0, 0, 10_000, false, 'queue-overflow');
  t.drop(1010 * MS, 0, 0, 11_000, false, 'queue-overflow');
  t.drop(1020 * MS, 0, 0, 12_000, false, 'queue-overflow');
  t.drop(1050 * MS, 1, 0, 9_000, true, 'reverse-path'); // an ACK: not a data loss
  t.ack(1090 * MS, 0, 10_000); // advances sndUna to 10 000
  t.ack(1100 * MS, 0, 10_000);
  t.castate(1100 * MS, 0, 'open', 'disorder', 10_000);
  t.ack(1110 * MS, 0, 10_000);
  t.ack(1120 * MS, 0, 10_000);
  t.castate(1120 * MS, 0, 'disorder', 'recovery', 10_000);
  t.event(1120 * MS, 0, 'fast-retransmit');
  t.cwnd(1120 * MS, 0, 15_000, 12_000);
  t.writer('inflation')!.add(1120 * MS, 0, 3000); // RFC 5681: cwnd = ssthresh + 3 segments; the window is 12
  t.ack(1300 * MS, 0, 30_000);
  t.castate(1300 * MS, 0, 'recovery', 'open', 30_000);
  t.event(1300 * MS, 0, 'recovery-exit');
  t.cwnd(1300 * MS, 0, 12_000, 12_000);
  t.writer('inflation')!.add(1300 * MS, 0, 0);
  t.drop(2000 * MS, 0, 0, 30_000, false, 'channel-error');
  t.event(3000 * MS, 0, 'timeout');
  t.castate(3000 * MS, 0, 'open', 'loss', 30_000);
  t.cwnd(3000 * MS, 0, 1000, 6000);
  t.castate(3200 * MS, 0, 'loss', 'open', 40_000);
  return t.finish();
}

const facts = (trace: TraceData): RunFacts => ({ trace, flows: [{ variant: 'newreno', mssBytes: 1000 }], links: [{ id: 'bottleneck/fwd' }, { id: 'bottleneck/rev' }] });
const kinds = (events: readonly CongestionEvent[]): string[] => events.map((e) => `${e.kind}@${e.tS}`);

describe('congestion events from the trace', () => {
  const run = facts(handTrace());
  const events = congestionEvents(run);

  it('one loss event per burst, the reactions, and the ends of recovery, in time order', () => {
    expect(kinds(events)).toEqual(['loss@1', 'fast-retransmit@1.12', 'recovery-end@1.3', 'loss@2', 'timeout@3', 'recovery-end@3.2']);
    const burst = events[0];
    expect(burst.kind === 'loss' && [burst.drops, burst.byCause, burst.reactionNs, burst.reactionKind]).toEqual([3, { 'queue-overflow': 3 }, 1120 * MS, 'fast-retransmit']);
  });

  it('a reaction carries its cause, signal and window change', () => {
    const fr = events[1];
    if (fr.kind !== 'fast-retransmit') throw new Error('expected a fast retransmit');
    expect(fr.cause).toEqual({ tNs: 1000 * MS, seq: 10_000, link: 0, cause: 'queue-overflow' });
    expect([fr.dupAcks, fr.firstDupAckNs, fr.lastAdvanceNs]).toEqual([3, 1100 * MS, 1090 * MS]);
    // the window after is cwnd 15 000 less the 3 000 of inflation: ssthresh, as the chart plots it (issue 31)
    expect([fr.before.cwndBytes, fr.before.ssthreshBytes, fr.after.cwndBytes, fr.after.ssthreshBytes]).toEqual([24_000, Number.POSITIVE_INFINITY, 12_000, 12_000]);
    expect(fr.truth).toBe('congestion');
    const to = events[4];
    if (to.kind !== 'timeout') throw new Error('expected a timeout');
    expect([to.cause?.cause, to.truth, to.lastAdvanceNs, to.after.cwndBytes]).toEqual(['channel-error', 'wireless', 1300 * MS, 1000]);
  });

  it('captions say cause, signal, reaction and belief against truth with the trace’s numbers', () => {
    expect(caption(run, events[1])).toBe(
      '1.120 s · segment 10 lost at link "bottleneck" (queue overflow) at 1.000 s · 3rd duplicate ACK · NewReno: fast retransmit of segment 10, ssthresh ∞ → 12 segments, window 24 → 12 · it cut its window as for congestion; the cause was congestion (queue overflow).',
    );
    expect(caption(run, events[4])).toBe(
      '3.000 s · segment 30 lost at link "bottleneck" (channel error) at 2.000 s · no new ACK for 1.700 s: retransmission timeout · NewReno: retransmits segment 30, ssthresh 12 → 6 segments, window 12 → 1 · it cut its window as for congestion; the cause was the channel (channel error).',
    );
    expect(caption(run, events[0])).toBe('1.000 s · 3 segments lost at link "bottleneck" in 0.020 s (queue overflow), the first segment 10 · NewReno fast-retransmits at 1.120 s.');
  });

  it('a hop the scenario only calls "link" is "the link" in a caption, not link "link" (issue 31)', () => {
    const plain = { ...run, links: [{ id: 'link/fwd' }] };
    expect(caption(plain, events[0])).toBe('1.000 s · 3 segments lost at the link in 0.020 s (queue overflow), the first segment 10 · NewReno fast-retransmits at 1.120 s.');
    expect(caption({ ...run, links: [{ id: 'link2/fwd' }] }, events[1])).toMatch(/^1\.120 s · segment 10 lost at link 2 \(queue overflow\) at 1\.000 s · /);
  });

  it('a retransmission of a segment never dropped is called spurious', () => {
    const t = handTrace();
    t.drop.cause.fill(DROP_CAUSES.indexOf('reverse-path'));
    t.drop.isAck.fill(1);
    const e = congestionEvents(facts(t)).find((x) => x.kind === 'fast-retransmit')!;
    expect(caption(facts(t), e)).toMatch(/segment 10 was not dropped · 3rd duplicate ACK .* segment 10 was never dropped: a spurious retransmission\.$/);
  });

  it('recovery spans come from the state table; stepping stops at each event, L at each burst, T at each timeout', () => {
    expect(caSpans(run.trace, 0, 9, ['recovery'])).toEqual([{ t0S: 1.12, t1S: 1.3, state: 2 }]);
    expect(caSpans(run.trace, 0, 9, ['recovery', 'loss']).map((s) => [s.t0S, s.t1S])).toEqual([
      [1.12, 1.3],
      [3, 3.2],
    ]);
    const stops = eventTimesOf(events);
    expect([...stops.any]).toEqual([1, 1.12, 1.3, 2, 3, 3.2]);
    expect([...stops.loss]).toEqual([1, 2]);
    expect([...stops.timeout]).toEqual([3]);
    expect(eventsAt(events, 1.12).map((e) => e.kind)).toEqual(['fast-retransmit']);
  });

  it('a recovery still open when the run ends runs to the end; drops nothing answered form one last burst', () => {
    const t = new ColumnarSink();
    t.drop(1 * S, 0, 0, 5000, false, 'handoff');
    t.drop(1.5 * S, 0, 0, 6000, false, 'handoff');
    t.castate(0.5 * S, 0, 'open', 'recovery', 1000);
    const trace = t.finish();
    expect(caSpans(trace, 0, 4, ['recovery'])).toEqual([{ t0S: 0.5, t1S: 4, state: 2 }]);
    const ev = congestionEvents(facts(trace)).filter((e) => e.kind === 'loss');
    expect(ev).toHaveLength(1);
    expect(caption(facts(trace), ev[0])).toMatch(/2 segments lost .* \(handoff\).* no reaction before the run ended\.$/);
  });
});

describe('an ECN window cut', () => {
  it('is a cwr event with its window change, nothing retransmitted, and its end', () => {
    const t = new ColumnarSink();
    t.cwnd(0, 0, 20_000, 40_000);
    t.mark(900 * MS, 0, 0, 5000);
    t.castate(1000 * MS, 0, 'open', 'cwr', 8000);
    t.cwnd(1000 * MS, 0, 10_000, 10_000);
    t.castate(1200 * MS, 0, 'cwr', 'open', 30_000);
    const run = facts(t.finish());
    const events = congestionEvents(run);
    expect(kinds(events)).toEqual(['cwr@1', 'recovery-end@1.2']);
    expect(caption(run, events[0])).toBe('1.000 s · a queue marked a packet (ECN) and the receiver echoed it · NewReno: ssthresh 40 → 10 segments, window 20 → 10, nothing retransmitted.');
    expect(caption(run, events[1])).toMatch(/^1\.200 s · NewReno: window reduction over after 0\.200 s/);
  });
});

describe('captions on reference-2mbps agree with the CLI', () => {
  it('the first fast retransmit: time, segment and ssthresh as the CLI trace and the raw tables give them', () => {
    const files = new Map<string, string>();
    const io: CliIo = { stdout: () => {}, stderr: () => {}, readFile: () => '', writeFile: (p, t) => void files.set(p, t), nowMs: () => 0 };
    const parsed = parseArgs(['--preset', 'reference-2mbps', '--trace', 'out.csv']);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(execute(parsed.command, io)).toBe(0);
    // The CLI's CSV has an ssthresh row only when it changes: the initial value (the receiver
    // window), then the first loss response — the first fast retransmit.
    const rows = files.get('out.csv')!.trim().split('\n').slice(1).map((l) => l.split(','));
    const firstCut = rows.filter((r) => r[1] === 'ssthresh_bytes')[1];
    const cliTimeS = Number(firstCut[0]);
    const cliSsthreshSeg = Number(firstCut[3]) / 1000;

    const parsedScenario = parseScenario(getPreset('reference-2mbps')!.scenario);
    if (!parsedScenario.ok) throw new Error('preset invalid');
    const result = runScenario(parsedScenario.scenario);
    // The raw send table: the first retransmission is the fast retransmit, of the segment at sndUna.
    const s = result.trace.send;
    const firstRxt = s.retransmit.findIndex((x) => x === 1);
    expect(s.tNs[firstRxt] / 1e9).toBe(cliTimeS);
    const segment = s.seq[firstRxt] / 1000;

    const run: RunFacts = { trace: result.trace, flows: result.flows, links: result.links };
    const fr = congestionEvents(run).find((e) => e.kind === 'fast-retransmit')!;
    const text = caption(run, fr).replace(/(\d)\u00a0(?=\d)/g, '$1'); // grouped digits ungrouped: 4 211 → 4211
    const [, time] = /^(\d+\.\d{3}) s · /.exec(text)!;
    expect(Number(time)).toBeCloseTo(cliTimeS, 3);
    expect(text).toContain(`fast retransmit of segment ${segment},`);
    expect(text).toContain(`segment ${segment} lost at link "bottleneck" (queue overflow)`);
    const [, ssthreshAfter] = /ssthresh \S+ → (\S+) segments/.exec(text)!;
    expect(Number(ssthreshAfter)).toBe(cliSsthreshSeg);
  });
});
