/**
 * Inside the AQM (CoDel, FQ-CoDel, PIE, DualPI2) at a link, per run: the sojourn time of the
 * packets it let through against the delay it aims at, and what it acts with — CoDel's
 * dropping state and count, PIE's drop probability, DualPI2's p′, p_C, p_CL and p_L. FQ-CoDel's
 * flow queues are named by the flows they carried.
 */
import { linkPlace } from '../events/captions.ts';
import { linkItems } from './linkOption.ts';
import { AQM_COLOURS, aqmCursor, lowerLines, MAX_DRAWN_QUEUES, queueColour, renderAqmChart, type AqmChartInput } from '../charts/aqmChart.ts';
import { aqmLinks, aqmSeries, aqmSpecAt, classicProb, coupledLProb, quantile, type AqmSeries } from '../charts/aqmSeries.ts';
import { dropsWithCause, finiteMax, type CausedTimes } from '../charts/series.ts';
import { INK } from '../../catalogue/palette.ts';
import { VARIANTS } from '../../catalogue/variants.ts';
import { fixed1, int } from '../../catalogue/format.ts';
import type { VariantRun } from '../state/runSet.ts';
import { keyedTimePanel } from './KeyedTimePanel.tsx';
import { LegendItem } from './Legend.tsx';
import { maxOf } from './perRun.ts';
import type { KeyedMeta } from './types.ts';

interface RunAqm {
  run: VariantRun;
  s: AqmSeries;
  drops: CausedTimes;
  aqmDrops: number;
  marks: number;
}

const AQM_NAME = { codel: 'CoDel', 'fq-codel': 'FQ-CoDel', pie: 'PIE', dualpi2: 'DualPI2' } as const;

const pct = (p: number): string => (p >= 0.001 ? `${(100 * p).toFixed(1)} %` : `${(100 * p).toFixed(2)} %`);
const ms = (v: number): string => (Number.isFinite(v) ? `${fixed1(v)} ms` : '—');

/** Time-weighted mean of a step series over [t0, end]. */
function stepMean(tS: Float64Array, v: Float64Array, endS: number): number {
  let area = 0;
  for (let i = 0; i < tS.length; i++) area += v[i] * ((i + 1 < tS.length ? tS[i + 1] : endS) - tS[i]);
  const span = endS - (tS[0] ?? endS);
  return span > 0 ? area / span : 0;
}

/** One run's sentence: per queue median and p99 sojourn, and the AQM's own state over the run. */
export function aqmSentence(p: RunAqm, who: string): string {
  const { s } = p;
  const name = AQM_NAME[s.kind];
  const endS = p.run.result.sim.simTimeS;
  const queues = s.queues.slice(0, MAX_DRAWN_QUEUES).map((q) => {
    const share = s.queues.length > 1 ? ` (${Math.round(100 * q.share)} % of packets)` : '';
    return `${q.label}${share} median sojourn ${ms(quantile(q.sojournMs, 0.5))}, 99th percentile ${ms(quantile(q.sojournMs, 0.99))}`;
  });
  const more = s.queues.length > MAX_DRAWN_QUEUES ? ` (+${s.queues.length - MAX_DRAWN_QUEUES} quieter queues not drawn)` : '';
  let state: string;
  if (s.spec.kind === 'codel' || s.spec.kind === 'fq-codel') {
    const droppingS = s.queues.reduce((a, q) => a + q.dropping.reduce((b, d) => b + (d.t1S - d.t0S), 0), 0);
    const maxCount = Math.max(0, ...s.queues.map((q) => finiteMax(q.count.values)));
    state = `; in its dropping state for ${fixed1(droppingS)} s, count up to ${int(maxCount)}`;
  } else if (s.spec.kind === 'pie') {
    state = `; drop probability up to ${pct(finiteMax(s.prob.values))}, mean ${pct(stepMean(s.prob.tS, s.prob.values, endS))}`;
  } else {
    const mean = stepMean(s.prob.tS, s.prob.values, endS);
    const l = s.probL.values;
    const meanL = l.length > 0 ? l.reduce((a, v) => a + v, 0) / l.length : Number.NaN;
    const perPacket = Number.isFinite(meanL) ? `; L4S packets judged with p_L ${pct(meanL)} on average` : '';
    state = `; mean p′ ${pct(mean)} (p_C = p′² ${pct(classicProb(mean))}, p_CL = ${s.spec.k}·p′ ${pct(coupledLProb(mean, s.spec.k))})${perPacket}`;
  }
  return `${who}${name} target ${s.spec.targetMs} ms: ${queues.join('; ')}${more}${state}; ${int(p.aqmDrops)} dropped by the AQM, ${int(p.marks)} marked.`;
}

/** What to look at, from the runs drawn: where the sojourn sits against the target. */
export function aqmNotice(runs: readonly RunAqm[]): string {
  const first = runs[0];
  if (!first) return 'Notice how each AQM holds its queue’s sojourn time near its target.';
  const q0 = first.s.queues[0];
  const med = q0 ? quantile(q0.sojournMs, 0.5) : Number.NaN;
  const target = first.s.spec.targetMs;
  const where = !Number.isFinite(med) ? '' : med <= target ? `below its ${target} ms target` : `above its ${target} ms target`;
  switch (first.s.spec.kind) {
    case 'codel':
    case 'fq-codel':
      return `Notice: CoDel drops only after the sojourn stayed above target for ${first.s.spec.intervalMs} ms, then ever sooner (interval/√count, shaded); the busiest queue’s median sits ${where}.`;
    case 'pie':
      return `Notice: PIE raises its drop probability while the delay is above target and growing, and lowers it when the delay falls; the median sojourn sits ${where}.`;
    case 'dualpi2':
      return 'Notice: the L4S queue stays near its shallow step while the Classic queue holds its target; one base probability p′ marks L4S packets at k·p′ and drops or marks Classic ones at p′², so the two kinds of sender get comparable rates.';
  }
}

/** A flow as a reader knows it: its variant and id ("CUBIC bulk"); −1 is cross traffic. */
export function flowName(run: VariantRun, flow: number): string {
  const f = run.scenario.flows[flow];
  if (!f) return flow < 0 ? 'cross traffic' : `flow ${flow + 1}`;
  const variant = VARIANTS.find((v) => v.name === f.variant)?.label ?? f.variant;
  return `${variant} ${f.id}`;
}

function perRun(run: VariantRun, link: number): RunAqm | null {
  const l = run.result.links[link];
  const spec = aqmSpecAt(run.scenario, l?.id);
  if (!spec || !l) return null;
  const s = aqmSeries(run.result.trace, link, spec, (f) => flowName(run, f));
  if (s.rows === 0) return null;
  return { run, s, drops: dropsWithCause(run.result.trace, { link }), aqmDrops: l.drops['aqm-drop'] ?? 0, marks: l.marks };
}

/** The panel's component, given its declaration (registry.ts). */
export const aqmPanel = (meta: KeyedMeta) =>
  keyedTimePanel<RunAqm, AqmChartInput>(meta, {
    pickLabel: 'Link',
    items: (run) => linkItems(run, aqmLinks(run.result.trace)),
    perRun: (_set, run, link) => perRun(run, link),
    inputs: (runs, set, windowS) => {
      // the sojourn band is scaled to the target (three times it), so the L4S step and the target
      // read apart; only if most packets wait longer than that does it grow to the 95th percentile.
      // A start-up overshoot runs off the top; the summary gives its 99th percentile.
      const maxSojournMs = maxOf(
        runs,
        (p) => {
          const top = p.s.spec.targetMs * 3;
          const drawn = p.s.queues.slice(0, MAX_DRAWN_QUEUES);
          return drawn.some((q) => quantile(q.sojournMs, 0.75) > top) ? Math.max(top, ...drawn.map((q) => quantile(q.sojournMs, 0.95) * 1.15)) : top;
        },
        1,
      );
      const maxLower = maxOf(
        runs,
        // p_L (thin) is left out: its ramp reaches 100 % on single packets and would flatten p′,
        // p_C and p_CL; above the axis it is drawn along the top edge, and the read-out gives it
        (p) => Math.max(p.s.spec.kind === 'pie' && p.s.spec.ecn ? 100 * p.s.spec.maxEcnTh * 1.2 : 0, ...lowerLines(p.s).filter((l) => !l.thin).map((l) => finiteMax(l.series.values) * 1.1)),
        1,
      );
      return runs.map((p) => ({ windowS, endS: set.endS, label: p.run.label, s: p.s, drops: p.drops, maxSojournMs, maxLower }));
    },
    sentence: (p, set) => aqmSentence(p, set.compare ? `${p.run.label}: ` : ''),
    summary: (sentences, link) => `Inside the AQM at ${link ? linkPlace(link.id) : 'the link'}: ${sentences.join(' ')}`,
    legend: (runs) => {
      const first = runs[0]?.s;
      if (!first) return null;
      return (
        <>
          {first.queues.slice(0, MAX_DRAWN_QUEUES).map((q, i) => (
            <LegendItem key={q.queue} swatch={{ kind: 'line', colour: queueColour(i) }} label={`sojourn, ${q.label}`} />
          ))}
          <LegendItem swatch={{ kind: 'line', colour: INK, dashed: true, thin: true }} label={first.kind === 'dualpi2' ? 'Classic target and L4S step' : 'target'} />
          {first.kind === 'codel' || first.kind === 'fq-codel' ? <LegendItem swatch={{ kind: 'band', colour: AQM_COLOURS.dropping }} label="CoDel dropping state" /> : null}
          {first.kind === 'pie' || first.kind === 'dualpi2'
            ? lowerLines(first).map((l) => <LegendItem key={l.cls} swatch={{ kind: 'line', colour: l.colour, dashed: l.dashed, thin: l.thin }} label={l.label} />)
            : null}
          <LegendItem swatch={{ kind: 'symbol', shape: 'times', colour: INK }} label="drop at this link" />
        </>
      );
    },
    hint: (runs, item) => aqmNotice(runs.flatMap((r) => perRun(r, item?.index ?? 0) ?? [])),
    render: renderAqmChart,
    cursor: aqmCursor,
    heightPx: 360,
  });
