/**
 * A captured connection as a run of the app's run set (src/ui/traces/capturedRun.ts): named
 * "captured — FILE" in the panels' series, the events and their captions; beside the simulated
 * runs of its fitted path on one time axis; left out, with a reason, by the panels about the
 * network (capturePanels.ts); the kernel's cwnd samples carried as they are in the CSV.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { fitPath, fittedScenario } from '../../src/traces/fit.ts';
import { importCapture } from '../../src/traces/import.ts';
import { reconstruct } from '../../src/traces/reconstruct.ts';
import { reconstructSimulated } from '../../src/traces/compare.ts';
import { cwndReadout, type CwndChartInput } from '../../src/ui/charts/cwndChart.ts';
import { estimateLines } from '../../src/ui/charts/estimateSeries.ts';
import { caption } from '../../src/ui/events/captions.ts';
import { cwndNotice, timeSeqNotice } from '../../src/ui/events/notices.ts';
import { cwndFlows } from '../../src/ui/panels/CwndPanel.tsx';
import { runEventsOf } from '../../src/ui/state/eventTimes.ts';
import { buildRunSet, runJobs } from '../../src/ui/state/runSet.ts';
import { panelPart } from '../../src/ui/traces/capturePanels.ts';
import { capturedRun, withCapture, withKernelCwnd } from '../../src/ui/traces/capturedRun.ts';
import { displayTrace } from '../../src/ui/traces/displayTrace.ts';
import type { RunOutput } from '../../src/worker/protocol.ts';

const DIR = new URL('../../public/samples/', import.meta.url);
const NAME = 'linux-cubic.pcap';
const r = reconstruct(importCapture(new Uint8Array(readFileSync(new URL(NAME, DIR)))).connections[0].segments);
const fit = fitPath(r);
const frame = parseScenario(fittedScenario(fit, 'cubic', NAME));
if (!frame.ok) throw new Error('the fitted scenario does not parse');

/** The CSV read here in a few lines: t_s and snd_cwnd columns. */
function kernelCsv(): { t: number[]; cwnd: number[] } {
  const [head, ...lines] = readFileSync(new URL('linux-cubic.tcpinfo.csv', DIR), 'utf8').trim().split('\n');
  const cols = head.split(',');
  const ti = cols.indexOf('t_s');
  const ci = cols.indexOf('snd_cwnd');
  const rows = lines.map((l) => l.split(','));
  return { t: rows.map((c) => Number(c[ti])), cwnd: rows.map((c) => Number(c[ci])) };
}

describe('a captured connection in the run set', () => {
  const run = capturedRun(NAME, r.summary, withKernelCwnd(r.trace, null, r.summary.mssBytes), frame.scenario);
  const alone = withCapture(null, run, false)!;

  it('is named "captured — FILE" in the set, the window series and the events', () => {
    expect(alone.runs.map((x) => x.label)).toEqual([`captured — ${NAME}`]);
    expect(alone.compare).toBe(true);
    const flows = cwndFlows(alone, run);
    expect(flows.map((f) => f.label)).toEqual([`captured — ${NAME}`]);
    // the window drawn is the bytes in flight: the initial window of ten segments before the first ACK
    expect(Math.max(...flows[0].series.cwndSeg.subarray(0, 10))).toBe(10);
    // the read-out names it and its quantity; a capture has no ssthresh to read
    const at = flows[0].series.tS[9];
    expect(cwndReadout({ flows } as unknown as CwndChartInput, at)[0].text).toBe(`captured — ${NAME}: bytes in flight ${flows[0].series.cwndSeg[9].toFixed(1)}`);
    const [ev] = runEventsOf(alone);
    const reactions = ev.events.filter((e) => e.kind === 'fast-retransmit' || e.kind === 'timeout');
    expect(reactions.filter((e) => e.kind === 'fast-retransmit').length).toBe(r.summary.fastRecoveries);
    expect(reactions.filter((e) => e.kind === 'timeout').length).toBe(r.summary.timeouts);
    const text = caption(ev.facts, reactions[0]);
    expect(text).toContain(`captured — ${NAME}: fast retransmit of segment`);
    // no drop is on the wire at one end: the caption neither blames a link nor calls the repair spurious
    expect(text).toContain('cannot tell where or why');
    expect(text).not.toMatch(/spurious|ssthresh|lost at link/);
  });

  it('gets notices that do not read its empty drop table as "nothing lost" or "false alarms"', () => {
    const notice = cwndNotice([run.result], true);
    expect(notice).toContain(`its ${r.summary.fastRecoveries} fast retransmits (▲) are what the sender saw, not which packets were dropped or why`);
    expect(notice).not.toMatch(/false alarm|nothing was lost|same seed/);
    // without loss events (the table emptied here), its retransmissions are still counted; without those either, it says so
    const head = "Notice: a capture shows the sender's packets and ACKs, not the network: its window is the bytes in flight, and ";
    const noEvents = { ...run.result, trace: { ...run.result.trace, event: { tNs: new Float64Array(0), flow: new Float64Array(0), kind: new Float64Array(0) } } };
    expect(cwndNotice([noEvents], true)).toBe(`${head}it resent ${r.summary.retransmissions} segments outside any fast retransmit or timeout.`);
    const quiet = { ...noEvents, trace: { ...noEvents.trace, send: { ...noEvents.trace.send, retransmit: new Float64Array(noEvents.trace.send.tNs.length) } } };
    expect(cwndNotice([quiet], true)).toBe(`${head}the sender never had to retransmit.`);
    // the time–sequence notice speaks of its retransmissions, which the capture does show
    expect(timeSeqNotice([run.result], 0)).toContain('where the sender retransmitted');
  });

  it('draws its RTT samples, receive window and goodput over time in the estimates', () => {
    const lines = estimateLines(run.result.trace, 0, run.result.flows[0].estimates);
    expect(lines.map((l) => l.label)).toEqual(['RTT samples', 'receive window', 'goodput (500 ms bins)']);
    const rtt = lines[0].series.values;
    expect(Math.min(...rtt)).toBe(r.summary.rttMs.min);
  });

  it('carries the kernel’s cwnd samples as they are in the CSV, aligned to the trace’s t = 0', () => {
    const csv = kernelCsv();
    const offS = 0.25;
    const trace = withKernelCwnd(r.trace, { t: Float64Array.from(csv.t, (t) => t + offS), cwnd: Float64Array.from(csv.cwnd) }, r.summary.mssBytes);
    const withKernel = capturedRun(NAME, r.summary, trace, frame.scenario);
    const kernel = estimateLines(trace, 0, withKernel.result.flows[0].estimates).find((l) => l.label.startsWith('kernel cwnd'))!;
    expect(Array.from(kernel.series.values)).toEqual(csv.cwnd);
    expect(kernel.series.tS[0]).toBeCloseTo(csv.t[0] + offS, 9);
    // the merged table stays in time order, and the reconstruction's own rows are all still there
    const t = trace.estimate.tNs;
    expect(t.every((v, i) => i === 0 || t[i - 1] <= v)).toBe(true);
    expect(t.length).toBe(r.trace.estimate.tNs.length + csv.t.length);
    // the reconstruction's trace was copied, not changed
    expect(r.trace.estimate.tNs.length).toBeLessThan(t.length);
  });

  it('is reduced for display like a long simulated run, keeping its full row counts so captions hedge', () => {
    const whole = displayTrace(r.trace, null, r.summary.mssBytes);
    expect(whole.decimated).toBe(false);
    expect(whole.rows.send).toBe(r.summary.dataPackets);
    // the shipped sample is small; a limit of 1 000 rows stands in for a capture of millions
    const shown = displayTrace(r.trace, null, r.summary.mssBytes, 1000);
    expect(shown.decimated).toBe(true);
    expect(shown.rows).toEqual(whole.rows);
    expect(shown.trace.send.tNs.length).toBeLessThan(r.summary.dataPackets);
    const reduced = capturedRun(NAME, r.summary, shown.trace, frame.scenario, shown);
    expect(reduced.result.decimated).toBe(true);
    expect(reduced.result.rows.send).toBe(r.summary.dataPackets);
    expect(runEventsOf(withCapture(null, reduced, false)!)[0].facts.decimated).toBe(true);
    // the worker's reconstruction is left whole
    expect(r.trace.send.tNs.length).toBe(r.summary.dataPackets);
  });

  it('is drawn beside the fitted path’s simulated runs on one time axis, and the network panels leave it out saying why', () => {
    const sim = runScenario(frame.scenario, { trace: ['send', 'ack', 'cwnd', 'queue'] });
    const jobs = runJobs(frame.scenario, []);
    const out = { ...sim, endS: frame.scenario.durationS, decimated: false, rows: {}, scenarioId: 'x', traceHash: '', hashTicket: 0, capNote: null } as unknown as RunOutput;
    const set = buildRunSet(jobs, [out], 0);
    const both = withCapture(set, run, true)!;
    expect(both.runs.map((x) => x.label)).toEqual([`captured — ${NAME}`, 'simulated — CUBIC']);
    expect(both.order).toEqual(['captured', 'scenario']);
    expect(both.endS).toBe(Math.max(run.result.endS, set.endS));
    // not beside yet (the fitted scenario's runs not in): the capture alone
    expect(withCapture(set, run, false)!.runs.map((x) => x.key)).toEqual(['captured']);
    const queue = panelPart('queue', both);
    expect(queue.set?.runs.map((x) => x.label)).toEqual(['simulated — CUBIC']);
    expect(queue.note).toBe(`captured — ${NAME} is not drawn here: a capture at one end of the connection records no queue.`);
    expect(panelPart('queue', both)).toBe(queue);
    expect(panelPart('path', alone).set).toBeNull();
    expect(panelPart('cwnd', both)).toEqual({ set: both, note: null });
    // measured as the capture was (the trace worker's reconstruction), its RTT samples and goodput join its own estimates
    const m = reconstructSimulated(sim.trace, 0, fit.mssBytes, fit.sack);
    const measure = { key: '0', rows: [], estimate: m.trace.estimate };
    const measured = withCapture(set, run, true, new Map([['scenario', measure]]))!;
    const simRun = measured.runs[1];
    const lines = estimateLines(simRun.result.trace, 0, simRun.result.flows[0].estimates);
    expect(lines.map((l) => l.label).filter((l) => /from its packets|500 ms/.test(l))).toEqual(['RTT samples (from its packets)', 'goodput (500 ms bins)']);
    const rtt = lines.find((l) => l.label === 'RTT samples (from its packets)')!;
    expect(Math.min(...rtt.series.values)).toBe(m.summary.rttMs.min);
    // the run's own result is left as it was, and the measured one is made once
    expect(out.trace.estimate.tNs.length).toBe(sim.trace.estimate.tNs.length);
    expect(withCapture(set, run, true, new Map([['scenario', measure]]))!.runs[1].result).toBe(simRun.result);
    // a comparison filling in beside the capture: the run still to come is named as it will be
    const compared = withCapture(buildRunSet(runJobs(frame.scenario, ['cubic', 'reno']), [out, undefined], 0), run, true)!;
    expect(compared.runs.map((x) => x.label)).toEqual([`captured — ${NAME}`, 'simulated — CUBIC']);
    expect(compared.updating.map((x) => x.label)).toEqual(['simulated — Reno']);
    expect(compared.order).toEqual(['captured', 'v-cubic', 'v-reno']);
    // without a capture, nothing changes
    expect(withCapture(set, null, true)).toBe(set);
  });
});
