/**
 * The `--trace` CSV: long format, one observation per row, `t_s,series,flow_or_link,value`.
 * Series: `cwnd_bytes` and `ssthresh_bytes` per flow (by flow id), `queue_packets` for the
 * bottleneck (the forward direction of the slowest shared link, by link id such as
 * `bottleneck/fwd`), and `estimate_<key>` per flow for a variant that estimates (e.g.
 * `estimate_bweBps`). `cwnd_bytes` is cwnd as the sender holds it; during a Reno-style fast
 * recovery part of it is inflation for segments that left the network, given by
 * `inflation_bytes` (rows when it changes, 0 when the recovery ends): the window the charts plot
 * is cwnd_bytes − inflation_bytes. Every series is a step function: a row gives the value from its time on;
 * ssthresh rows appear only when it changes. Rows are in time order. Text cells that a
 * spreadsheet would evaluate as a formula are escaped (see `csvText`).
 */
import type { RunResult } from './results.ts';
import { bottleneckOf } from './bottleneck.ts';
import type { Scenario } from '../scenario/schema.ts';

export const TRACE_HEADER = 't_s,series,flow_or_link,value';

export function traceCsv(scenario: Scenario, result: Pick<RunResult, 'links' | 'trace'> & { flows?: RunResult['flows'] }): string {
  const { cwnd, queue } = result.trace;
  const inflation = result.trace.inflation ?? { tNs: new Float64Array(0), flow: new Float64Array(0), bytes: new Float64Array(0) };
  const bottleneck = bottleneckOf(scenario.path)?.linkIndex ?? -1;
  const bottleneckId = csvText(result.links[bottleneck]?.id ?? '');
  const flowIds = scenario.flows.map((f) => csvText(f.id));
  const lastSsthresh = new Map<number, number>();
  const lines = [TRACE_HEADER];

  const cwndRows = (i: number): void => {
    const t = seconds(cwnd.tNs[i]);
    const flow = cwnd.flow[i];
    const id = flowIds[flow] ?? String(flow);
    lines.push(`${t},cwnd_bytes,${id},${num(cwnd.cwndBytes[i])}`);
    const ss = cwnd.ssthreshBytes[i];
    if (lastSsthresh.get(flow) !== ss) {
      lines.push(`${t},ssthresh_bytes,${id},${num(ss)}`);
      lastSsthresh.set(flow, ss);
    }
  };
  const queueRow = (j: number): void => {
    if (queue.link[j] === bottleneck) lines.push(`${seconds(queue.tNs[j])},queue_packets,${bottleneckId},${num(queue.packets[j])}`);
  };

  const inflationRow = (k: number): void => {
    const flow = inflation.flow[k];
    lines.push(`${seconds(inflation.tNs[k])},inflation_bytes,${flowIds[flow] ?? String(flow)},${num(inflation.bytes[k])}`);
  };

  // The tables are already in time order; merge them (on ties cwnd, then inflation, then queue, as a stable choice).
  let i = 0;
  let j = 0;
  let k = 0;
  const at = (col: Float64Array, n: number): number => (n < col.length ? col[n] : Number.POSITIVE_INFINITY);
  while (i < cwnd.tNs.length || j < queue.tNs.length || k < inflation.tNs.length) {
    const tc = at(cwnd.tNs, i);
    const ti = at(inflation.tNs, k);
    const tq = at(queue.tNs, j);
    if (tc <= ti && tc <= tq) cwndRows(i++);
    else if (ti <= tq) inflationRow(k++);
    else queueRow(j++);
  }
  return withEstimates(lines, scenario, result).join('\n') + '\n';
}

/**
 * The variants' estimates (table `estimate`, when recorded) as series `estimate_<key>` per flow
 * (Westwood+'s `estimate_bweBps`, Veno's `estimate_backlogSegments`), merged into the rows in time
 * order after the cwnd and queue rows of the same instant; a value not yet formed is `nan`.
 */
function withEstimates(lines: string[], scenario: Scenario, result: Pick<RunResult, 'trace'> & { flows?: RunResult['flows'] }): string[] {
  const est = result.trace.estimate;
  if (!est || est.tNs.length === 0 || !result.flows) return lines;
  const out = [lines[0]];
  let e = 0;
  const estRow = (k: number): string => {
    const flow = est.flow[k];
    const key = result.flows![flow]?.estimates[est.key[k]]?.key ?? String(est.key[k]);
    const v = est.value[k];
    return `${seconds(est.tNs[k])},estimate_${key},${csvText(scenario.flows[flow]?.id ?? String(flow))},${Number.isNaN(v) ? 'nan' : num(v)}`;
  };
  for (let i = 1; i < lines.length; i++) {
    const t = Number(lines[i].slice(0, lines[i].indexOf(',')));
    while (e < est.tNs.length && est.tNs[e] / 1e9 < t) out.push(estRow(e++));
    out.push(lines[i]);
  }
  while (e < est.tNs.length) out.push(estRow(e++));
  return out;
}

/**
 * A text cell as a spreadsheet will not execute it: a leading =, +, -, @, tab or carriage return
 * makes Excel, LibreOffice and Sheets read the cell as a formula (an id such as `-2-3`, or worse
 * `-cmd|…`), so such text gets a leading apostrophe, the usual CSV-injection defence; text with
 * a comma, quote or line break is quoted. Numbers are written by `num` and never escaped.
 */
export function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function seconds(tNs: number): string {
  return String(tNs / 1e9);
}

/** `inf` rather than `Infinity`: what Python, pandas and numpy read back as a float. */
function num(v: number): string {
  if (v === Number.POSITIVE_INFINITY) return 'inf';
  return String(v);
}
