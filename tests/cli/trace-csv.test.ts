import { describe, expect, it } from 'vitest';
import { ColumnarSink } from '../../src/engine/core/trace.ts';
import { bottleneckOf } from '../../src/engine/bottleneck.ts';
import type { LinkResult } from '../../src/engine/results.ts';
import { csvText, TRACE_HEADER, traceCsv } from '../../src/engine/trace-csv.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/schema.ts';

function scenario(name: string): Scenario {
  const r = parseScenario(getPreset(name)?.scenario);
  if (!r.ok) throw new Error('preset invalid');
  return r.scenario;
}

function link(id: string, rateBps: number): LinkResult {
  return { id, rateBps, drops: {}, marks: 0, arrivedPackets: 0, congestionLossPct: 0, meanQueuePackets: 0, queueSdPackets: 0, maxQueuePackets: 0, packetsSent: 0, utilization: 0, limitPackets: 100, ackRegulator: null };
}

describe('trace CSV', () => {
  it('takes the slowest forward direction of the shared path as the bottleneck, the first if tied', () => {
    const s = scenario('reference-2mbps');
    const hop = (id: string, forwardBps: number, reverseBps: number) => ({
      ...s.path[0],
      id,
      forward: { ...s.path[0].forward, rateBps: forwardBps },
      reverse: { ...s.path[0].reverse, rateBps: reverseBps },
    });
    // A slower reverse direction (the ACK path) is not the data's bottleneck.
    s.path = [hop('bottleneck', 5e6, 1e3), hop('second', 2e6, 2e6)];
    expect(bottleneckOf(s.path)).toEqual({ pathIndex: 1, linkIndex: 2, id: 'second/fwd' });
    s.path = [hop('bottleneck', 2e6, 1e3), hop('second', 2e6, 2e6)];
    expect(bottleneckOf(s.path)).toEqual({ pathIndex: 0, linkIndex: 0, id: 'bottleneck/fwd' });
    expect(bottleneckOf([])).toBeNull();
  });

  it('writes cwnd, changed ssthresh and bottleneck queue rows in time order', () => {
    const s = scenario('reference-2mbps');
    const links = [link('bottleneck/fwd', 2e6), link('bottleneck/rev', 2e6), link('access1/fwd', 1e8), link('access1/rev', 1e8)];
    const sink = new ColumnarSink(['cwnd', 'queue']);
    sink.cwnd(0, 0, 2000, Number.POSITIVE_INFINITY);
    sink.queue(500_000_000, 0, 1, 1052);
    sink.queue(600_000_000, 2, 1, 1052); // the access link: not the bottleneck, left out
    sink.cwnd(1_000_000_000, 0, 3000, Number.POSITIVE_INFINITY);
    sink.queue(1_000_000_000, 0, 0, 0);
    sink.cwnd(2_500_000_000, 0, 1500, 1500);
    expect(traceCsv(s, { links, trace: sink.finish() })).toBe(
      [
        TRACE_HEADER,
        '0,cwnd_bytes,flow1,2000',
        '0,ssthresh_bytes,flow1,inf',
        '0.5,queue_packets,bottleneck/fwd,1',
        '1,cwnd_bytes,flow1,3000',
        '1,queue_packets,bottleneck/fwd,0',
        '2.5,cwnd_bytes,flow1,1500',
        '2.5,ssthresh_bytes,flow1,1500',
        '',
      ].join('\n'),
    );
  });
});

describe('trace CSV: formula-like text', () => {
  it('escapes text cells a spreadsheet would evaluate, and never numbers', () => {
    expect(csvText('-2-3')).toBe("'-2-3");
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('+1')).toBe("'+1");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('flow-1')).toBe('flow-1');
  });

  it('a flow id that starts with "-" reaches the CLI trace CSV escaped, its values unchanged', () => {
    const s = scenario('reference-2mbps');
    s.flows[0] = { ...s.flows[0], id: '-2-3' };
    const links = [link('bottleneck/fwd', 2e6), link('bottleneck/rev', 2e6)];
    const sink = new ColumnarSink(['cwnd', 'queue']);
    sink.cwnd(0, 0, 2000, 1500);
    expect(traceCsv(s, { links, trace: sink.finish() }).split('\n').slice(1, 3)).toEqual(["0,cwnd_bytes,'-2-3,2000", "0,ssthresh_bytes,'-2-3,1500"]);
  });

  it('gives the fast-recovery inflation as its own series, after the cwnd row of the same instant', () => {
    const s = scenario('reference-2mbps');
    const links = [link('bottleneck/fwd', 2e6), link('bottleneck/rev', 2e6), link('access1/fwd', 1e8), link('access1/rev', 1e8)];
    const sink = new ColumnarSink(['cwnd', 'queue', 'inflation']);
    sink.cwnd(0, 0, 10_000, Number.POSITIVE_INFINITY);
    // third duplicate ACK: ssthresh 5000, cwnd 5000 + 3·1000 (RFC 5681 §3.2), inflation 3000
    sink.cwnd(1_000_000_000, 0, 8000, 5000);
    sink.writer('inflation')!.add(1_000_000_000, 0, 3000);
    sink.queue(1_000_000_000, 0, 4, 4208);
    sink.cwnd(2_000_000_000, 0, 5000, 5000);
    sink.writer('inflation')!.add(2_000_000_000, 0, 0);
    expect(traceCsv(s, { links, trace: sink.finish() })).toBe(
      [
        TRACE_HEADER,
        '0,cwnd_bytes,flow1,10000',
        '0,ssthresh_bytes,flow1,inf',
        '1,cwnd_bytes,flow1,8000',
        '1,ssthresh_bytes,flow1,5000',
        '1,inflation_bytes,flow1,3000',
        '1,queue_packets,bottleneck/fwd,4',
        '2,cwnd_bytes,flow1,5000',
        '2,inflation_bytes,flow1,0',
      ].join('\n') + '\n',
    );
  });
});
