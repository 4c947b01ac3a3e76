/**
 * The papers' sweeps as experiments ("figure presets"), each built on a paper preset and naming
 * its source, with what the paper says about it: its printed numbers (./published/, one file per
 * figure or table), the orderings and bounds its text states (claims), and the analytic model
 * that applies (Mathis and PFTK for NewReno goodput, the 3G paper's sawtooth). Seeds and sweep
 * points follow the claims tests where those exist; every choice the paper leaves open is said in
 * the description.
 */
import { mathisThroughputBps } from '../engine/models/mathis.ts';
import { pftkThroughputBps } from '../engine/models/pftk.ts';
import { sawtoothModel } from '../engine/models/sawtooth.ts';
import { bdpPackets, PAPER_5MB_BYTES } from '../content/presets/common.ts';
import { LP_MSS_BYTES, LP_RTT_MS, LP_TCP } from '../content/presets/lp-common.ts';
import { probingTableA1Overhead, probingTableA1Time } from './published/probing-table-a1.ts';
import { probingTableA6Overhead, probingTableA6Time } from './published/probing-table-a6.ts';
import { realTable1Goodput, realTable4Success } from './published/real-table-1.ts';
import { realTable3Goodput, realTable6Success } from './published/real-table-3.ts';
import { threeGTable2Eq19, threeGTable2Simulated } from './published/3g-table-2.ts';
import { njTable1WirelessLoss } from './published/nj-table-1.ts';
import { lpJain5 } from './published/lp-text.ts';
import type { PublishedSeries } from './published/types.ts';
import { axisPoints, type Experiment, type ExperimentInput } from './spec.ts';

/** A statement of the paper's text, checked point by point on the measured means. */
export type Claim =
  /** At every point (or the listed ones) the first variant's mean is at least the second's. */
  | { kind: 'order'; metric: string; pairs: [string, string][]; at?: (number | string)[]; text: string }
  /** At every point the variant's mean is at least `min` (base units). */
  | { kind: 'at-least'; metric: string; variant: string; min: number; text: string }
  /** At every point the variant's mean is at most `max` (base units). */
  | { kind: 'at-most'; metric: string; variant: string; max: number; text: string }
  /** Where both variants have a value, their means are within `withinPct` % of the larger. */
  | { kind: 'close'; metric: string; variants: [string, string]; withinPct: number; text: string };

/** An analytic model drawn over the data: a line on a numeric axis, or one mark per point. */
export interface ModelSeries {
  label: string;
  metric: string;
  kind: 'line' | 'points';
  /** (x, value) in base units; on a categorical axis x is the point's label. */
  values: { at: number | string; value: number }[];
}

export interface FigurePreset {
  /** Menu heading: the paper. */
  paper: string;
  /** "Fig. 4(a)", "Table 2" … */
  figure: string;
  experiment: ExperimentInput;
  /** The paper's numbers; empty where it printed none (said in `noValues`). */
  published: PublishedSeries[];
  /** Why there are no published values, when there are none. */
  noValues?: string;
  claims: Claim[];
  models?: (e: Experiment) => ModelSeries[];
}

const LP_PAPER = 'NewReno-LP (Martignon & Fratta)';
const PROBING_PAPER = 'TCP-Probing (Tsaoussidis & Lahanas)';
const REAL_PAPER = 'TCP-Real (Zhang & Tsaoussidis)';
const THREE_G_PAPER = 'TCP over 3G (Chan & Ramjee)';
const NJ_PAPER = 'TCP New Jersey (Xu, Tian & Ansari)';

/**
 * The paper's four: NewReno-LP, NewReno, "TCP Westwood with NewReno extensions" (Westwood-NR, the
 * ns-2 module of [17], which samples the ACK rate per ACK: our `westwood`, not the per-RTT
 * `westwood-plus` the presets compare) and the ideal predictor.
 */
const LP_VARIANTS = ['newreno-lp', 'newreno', 'westwood', 'newreno-ideal-lp'];
const LP_PERS = [1e-4, 1e-3, 1e-2, 5e-2, 1e-1];
const LP_NO_VALUES = 'The paper prints no values for this figure (our copy has its caption, not its curves): the verdict rests on what its text states.';

/** Wired rate C_SN and both router queues at its bandwidth-delay product (LP §3, §5.1). */
function lpRate(cSnBps: number, rttMs = LP_RTT_MS): string[] {
  const q = bdpPackets(cSnBps, rttMs, LP_MSS_BYTES);
  return [`path.0.forward.rateBps=${cSnBps}`, `path.0.forward.queue.limitPackets=${q}`, `path.1.forward.queue.limitPackets=${q}`];
}

/** §5.1's statements, for Figs. 4(a), 4(b) and 5. */
const lpGoodputClaims = (): Claim[] => [
  { kind: 'order', metric: 'goodputBps', pairs: [['newreno-lp', 'newreno']], text: '"for all packet error rates and at all link speeds TCP NewReno-LP achieves higher goodput than TCP NewReno" (§5.1)' },
  { kind: 'order', metric: 'goodputBps', pairs: [['newreno-ideal-lp', 'newreno-lp']], text: 'NewReno-Ideal-LP "provides an upper bound" that NewReno-LP "approaches" (§5.1)' },
  {
    kind: 'order',
    metric: 'goodputBps',
    pairs: [['westwood', 'newreno-lp'], ['westwood', 'newreno'], ['westwood', 'newreno-ideal-lp']],
    text: 'Westwood-NR "achieved higher goodput than the other TCP versions" "in all simulations" (§5.1)',
  },
];

/**
 * Mathis and PFTK for the NewReno flow of an LP figure, p = the swept PER: MSS 1500 bytes,
 * RTT 100 ms (the propagation RTT), b = 2 (delayed ACKs), PFTK's T0 = 1 s (RFC 6298's minimum
 * RTO), no window limit; capped at the wired link's payload rate (40-byte headers).
 */
function lpModels(cSnBps: number) {
  return (e: Experiment): ModelSeries[] => {
    const cap = (cSnBps * LP_MSS_BYTES) / (LP_MSS_BYTES + 40);
    const pts = axisPoints(e).map((p) => p.x as number);
    const lo = Math.min(...pts);
    const hi = Math.max(...pts);
    const grid = Array.from({ length: 41 }, (_, i) => Math.exp(Math.log(lo) + (i / 40) * (Math.log(hi) - Math.log(lo))));
    const base = { mssBytes: LP_MSS_BYTES, rttS: LP_RTT_MS / 1000, ackedPerAck: 2 };
    return [
      { label: 'Mathis (NewReno), capped at C_SN', metric: 'goodputBps', kind: 'line', values: grid.map((p) => ({ at: p, value: Math.min(cap, mathisThroughputBps({ ...base, lossRate: p })) })) },
      {
        label: 'PFTK (NewReno, T0 = 1 s), capped at C_SN',
        metric: 'goodputBps',
        kind: 'line',
        values: grid.map((p) => ({ at: p, value: Math.min(cap, pftkThroughputBps({ ...base, lossRate: p, rtoS: 1, maxWindowSegments: Number.POSITIVE_INFINITY })) })),
      },
    ];
  };
}

function lpPerFigure(id: string, figure: string, title: string, cSnBps: number, cross: boolean, extra: Partial<ExperimentInput> = {}): FigurePreset {
  const q = bdpPackets(cSnBps, LP_RTT_MS, LP_MSS_BYTES);
  return {
    paper: LP_PAPER,
    figure,
    experiment: {
      id,
      title,
      source: `Martignon & Fratta, ${figure}`,
      description:
        `The lp-uncorrelated topology with C_SN = ${cSnBps / 1e6} Mb/s (both router queues ${q} packets, the bandwidth-delay product), ` +
        (cross ? `with the 30 Pareto UDP sources (R_UDP = C_SN / 20 each while ON). ` : 'no cross traffic. ') +
        'Bernoulli PER on the wireless data path swept 1e-4 … 1e-1 (the paper: 1e-5 … 1e-1); 60 s per run, 5 seeds, every variant on the same seeds. ' +
        'The paper’s Westwood-NR is our per-ACK westwood.',
      base: { preset: 'lp-uncorrelated' },
      edits: [...lpRate(cSnBps), ...(cross ? [`cross.0.rateBps=${cSnBps / 20}`] : ['cross=[]'])],
      axis: { label: 'Packet error rate', scale: 'log', values: LP_PERS, set: ['path.1.forward.errors.0.per={x}'] },
      variants: LP_VARIANTS,
      seeds: { first: 1, count: 5 },
      metrics: ['goodputBps', 'accuracy'],
      ...extra,
    },
    published: [],
    noValues: LP_NO_VALUES,
    claims: lpGoodputClaims(),
    models: lpModels(cSnBps),
  };
}

function lpAccuracyFigure(id: string, figure: string, cross: boolean): FigurePreset {
  const cSnBps = 10e6;
  return {
    paper: LP_PAPER,
    figure,
    experiment: {
      id,
      title: `Vegas-predictor accuracy vs PER, ${cross ? 'with' : 'no'} cross traffic`,
      source: `Martignon & Fratta, ${figure}`,
      description:
        '§4: C_SN = C_ND = 10 Mb/s, τ_SN = 50 ms, τ_ND = 0.01 ms (the lp-uncorrelated topology at 10 Mb/s, queues 84 packets), ' +
        (cross ? 'with the 30 Pareto UDP sources at R_UDP = 0.5 Mb/s. ' : 'no cross traffic. ') +
        'Accuracy = correct loss verdicts / loss events with a real cause, per run; 60 s, 5 seeds.',
      base: { preset: 'lp-uncorrelated' },
      edits: [...lpRate(cSnBps), ...(cross ? ['cross.0.rateBps=500000'] : ['cross=[]'])],
      axis: { label: 'Packet error rate', scale: 'log', values: LP_PERS, set: ['path.1.forward.errors.0.per={x}'] },
      variants: ['newreno-lp'],
      seeds: { first: 1, count: 5 },
      metrics: ['accuracy', 'goodputBps'],
    },
    published: [],
    noValues: LP_NO_VALUES,
    claims: [{ kind: 'at-least', metric: 'accuracy', variant: 'newreno-lp', min: 0.7, text: '"In all the scenarios we examined, the accuracy of the Vegas predictor has always been higher than 70%" (§4)' }],
  };
}

function lpCorrelatedFigure(id: string, figure: string, cSnBps: number, variants: string[], claims: Claim[], testbed: boolean): FigurePreset {
  const q = bdpPackets(cSnBps, LP_RTT_MS, LP_MSS_BYTES);
  return {
    paper: LP_PAPER,
    figure,
    experiment: {
      id,
      title: `Goodput vs Bad-state PER, correlated losses, ${cSnBps / 1e6} Mb/s${testbed ? ' (test bed)' : ''}`,
      source: `Martignon & Fratta, ${figure}`,
      description:
        `The lp-correlated topology (Good 1 s lossless / Bad 0.05 s) with C_SN = ${cSnBps / 1e6} Mb/s, queues ${q} packets; the Bad-state PER swept 0 … 1. ` +
        (testbed ? '§6.2 ran this on a 10 Mb/s test bed with an emulated 100 ms RTT; we simulate it on the same topology. ' : '') +
        '60 s per run, 5 seeds.',
      base: { preset: 'lp-correlated' },
      edits: lpRate(cSnBps),
      axis: { label: 'PER in the Bad state', scale: 'linear', values: [0, 0.25, 0.5, 0.75, 1], set: ['path.1.forward.errors.0.perBad={x}'] },
      variants,
      seeds: { first: 1, count: 5 },
      metrics: ['goodputBps'],
    },
    published: [],
    noValues: LP_NO_VALUES,
    claims,
  };
}

function lpRttFigure(id: string, figure: string, cSnBps: number): FigurePreset {
  const RTTS_MS = [50, 100, 200, 300, 400];
  const PER = 0.005;
  return {
    paper: LP_PAPER,
    figure,
    experiment: {
      id,
      title: `Goodput vs RTT, ${cSnBps / 1e6} Mb/s, PER 0.5 %`,
      source: `Martignon & Fratta, ${figure}`,
      description:
        `§5.3: one ${cSnBps / 1e6} Mb/s link dropping packets independently with probability 0.5 %; the RTT swept 50 … 400 ms (the paper's range is not in the text). ` +
        'Built on lp-uncorrelated without cross traffic: the wired link carries the delay (RTT/2 − 1 ms access − 0.01 ms wireless), queues at the bandwidth-delay product. 60 s, 5 seeds.',
      base: { preset: 'lp-uncorrelated' },
      edits: ['cross=[]', 'path.1.forward.errors.0.per=0.005'],
      axis: {
        label: 'Round-trip time',
        unit: 'ms',
        scale: 'linear',
        points: RTTS_MS.map((rtt) => ({ x: rtt, label: `${rtt} ms`, edits: [...lpRate(cSnBps, rtt), `path.0.forward.delayMs=${rtt / 2 - 1 - 0.01}`] })),
      },
      variants: ['newreno-lp', 'newreno', 'newreno-ideal-lp'],
      seeds: { first: 1, count: 5 },
      metrics: ['goodputBps'],
    },
    published: [],
    noValues: LP_NO_VALUES,
    claims: [
      { kind: 'order', metric: 'goodputBps', pairs: [['newreno-lp', 'newreno']], text: '"the high goodput gain of TCP NewReno-LP over TCP NewReno" (§5.3)' },
      { kind: 'order', metric: 'goodputBps', pairs: [['newreno-ideal-lp', 'newreno-lp']], text: 'NewReno-LP "practically overlaps to the goodput upper bound" of Ideal-LP (§5.3)' },
    ],
    models: (e) => {
      const cap = (cSnBps * LP_MSS_BYTES) / (LP_MSS_BYTES + 40);
      const xs = axisPoints(e).map((p) => p.x as number);
      const grid = Array.from({ length: 36 }, (_, i) => xs[0] + (i / 35) * (xs[xs.length - 1] - xs[0]));
      const base = { mssBytes: LP_MSS_BYTES, ackedPerAck: 2, lossRate: PER };
      return [
        { label: 'Mathis (NewReno, p = 0.5 %), capped', metric: 'goodputBps', kind: 'line', values: grid.map((rtt) => ({ at: rtt, value: Math.min(cap, mathisThroughputBps({ ...base, rttS: rtt / 1000 })) })) },
        {
          label: 'PFTK (T0 = 1 s), capped',
          metric: 'goodputBps',
          kind: 'line',
          values: grid.map((rtt) => ({ at: rtt, value: Math.min(cap, pftkThroughputBps({ ...base, rttS: rtt / 1000, rtoS: 1, maxWindowSegments: Number.POSITIVE_INFINITY })) })),
        },
      ];
    },
  };
}

/** Fig. 8(a): n NewReno-LP and 5 − n NewReno flows on the fairness-5flows bottleneck with the LP paper's TCP. */
function lpFairness(): FigurePreset {
  const FLOWS = 5;
  const tcp = JSON.stringify(LP_TCP);
  const queue = bdpPackets(10e6, LP_RTT_MS, LP_MSS_BYTES);
  return {
    paper: LP_PAPER,
    figure: 'Fig. 8(a)',
    experiment: {
      id: 'lp-fig8a',
      title: 'Goodput of n NewReno-LP and 5 − n NewReno flows on a 10 Mb/s, 100 ms link',
      source: 'Martignon & Fratta, Fig. 8(a) and §5.4',
      description:
        `§5.4: five connections share an error-free 10 Mb/s link, RTT 100 ms (the fairness-5flows bottleneck with a ${queue}-packet queue, the bandwidth-delay product), 1500-byte MSS and delayed ACKs as in §3. ` +
        'n flows run NewReno-LP, the others NewReno; each variant’s value is the mean goodput of its flows. ' +
        'The scenario has no random element of its own, and identical flows starting together lock into a drop-tail phase pattern that favours some flows for the whole run; ' +
        'so each seed draws the flows’ start times uniformly in [0, 1 s) (as the lp-fairness claims test). 200 s per run, 5 seeds.',
      base: { preset: 'fairness-5flows' },
      edits: ['durationS=200', `path.0.forward.queue.limitPackets=${queue}`, ...Array.from({ length: FLOWS }, (_, i) => `flows.${i}.tcp=${tcp}`)],
      seedEdits: Array.from({ length: FLOWS }, (_, i) => `flows.${i}.startS={uniform:0:1}`),
      axis: {
        label: 'NewReno-LP flows (of 5)',
        scale: 'linear',
        points: Array.from({ length: FLOWS + 1 }, (_, n) => ({
          x: n,
          label: `${n} LP + ${FLOWS - n} NR`,
          edits: Array.from({ length: FLOWS }, (_, i) => `flows.${i}.variant=${i < n ? 'newreno-lp' : 'newreno'}`),
        })),
      },
      variants: ['newreno-lp', 'newreno'],
      variantMode: 'as-scenario',
      seeds: { first: 1, count: 5 },
      metrics: ['goodputBps', 'jainIndex'],
    },
    published: [lpJain5],
    claims: [
      { kind: 'close', metric: 'goodputBps', variants: ['newreno-lp', 'newreno'], withinPct: 15, text: '"The goodput achieved by both algorithms is very close to the fair share for the full range of sources" (§5.4); 15 % is our reading of "very close"' },
    ],
  };
}

function probingFigure(id: string, figure: string, title: string, metrics: string[], published: PublishedSeries[], small: boolean): FigurePreset {
  const bytes = small ? 300 * 1024 : PAPER_5MB_BYTES;
  // Section 4.3's congestion: "a tcp-based application that alternates on/off phases of data transmission"; its parameters are not given.
  const congestion = JSON.stringify([
    { id: 'onoff-tcp', kind: 'ftp', direction: 'forward', fromLink: 0, toLink: 0, startS: 0, generators: 1, meanGapS: 2, meanDurationS: 2, variant: 'reno', tcp: { mssBytes: 1000, rwndSegments: 64 } },
  ]);
  return {
    paper: PROBING_PAPER,
    figure,
    experiment: {
      id,
      title,
      source: `Tsaoussidis & Lahanas 2002, ${figure}`,
      description:
        `The probing-testbed preset (1.5 Mb/s, VLINK ON/OFF channels with 10 s mean sojourns on the data and the ACK path) with the one-way delay cut to 5 ms ` +
        `(the tables without a stated delay come from "two directly-connected hosts"; 5 ms is our choice), ${small ? '300 KB' : '5 MB'} per task, run until it is delivered. ` +
        (small ? 'Congestion from a TCP application alternating ON/OFF (§4.3; ours: one FTP generator, mean 2 s sessions every 2 s). ' : '') +
        'PER during ON 0 … 40 %, 20 seeds, both variants on the same seeds.',
      base: { preset: 'probing-testbed' },
      edits: [small ? 'durationS=300' : 'durationS=3600', `flows.0.bytes=${bytes}`, 'path.0.forward.delayMs=4', ...(small ? [`cross=${congestion}`] : [])],
      axis: { label: 'PER during ON', scale: 'linear', values: [0, 0.01, 0.08, 0.16, 0.25, 0.4], set: ['path.0.forward.errors.0.perBad={x}', 'path.0.reverse.errors.0.perBad={x}'] },
      variants: ['reno', 'probing'],
      seeds: { first: 1, count: 20 },
      metrics,
    },
    published,
    claims: [
      { kind: 'order', metric: 'completionTimeS', pairs: [['reno', 'probing']], text: '"TCP-probing\'s goodput is uniformly no worse than Reno\'s, across the entire range of error rates" (§5.1): its task time is at most Reno\'s' },
      { kind: 'order', metric: 'overheadPct', pairs: [['reno', 'probing']], text: 'TCP-probing "yields these performance gains without applying a more aggressive behavior than Reno" (§5.1): overhead at most Reno\'s' },
    ],
  };
}

/** 3G Table 1's nine cases: rate u(200, sd) kb/s, round-trip delay const + e(extra) ms. */
const THREE_G_CASES: { rateSdKbps: number; constMs: number; extraMs: number }[] = [
  { rateSdKbps: 0, constMs: 400, extraMs: 0 },
  { rateSdKbps: 0, constMs: 380, extraMs: 20 },
  { rateSdKbps: 0, constMs: 350, extraMs: 50 },
  { rateSdKbps: 0, constMs: 300, extraMs: 100 },
  { rateSdKbps: 20, constMs: 400, extraMs: 0 },
  { rateSdKbps: 50, constMs: 400, extraMs: 0 },
  { rateSdKbps: 75, constMs: 400, extraMs: 0 },
  { rateSdKbps: 50, constMs: 350, extraMs: 50 },
  { rateSdKbps: 75, constMs: 300, extraMs: 100 },
];
const THREE_G_MSS = 1000;
/** Segment on the wire: 1000 bytes of payload, 40 bytes of headers, 12 of timestamps (the preset's TCP). */
const THREE_G_WIRE_BYTES = THREE_G_MSS + 52;

function threeGTable2(): FigurePreset {
  const caseLabel = (i: number): string => `case ${i + 1}`;
  return {
    paper: THREE_G_PAPER,
    figure: 'Table 2',
    experiment: {
      id: '3g-table2',
      title: 'Goodput per rate/delay-variation case against the model',
      source: 'Chan & Ramjee 2002, Tables 1 and 2',
      description:
        'The 3g-variation preset (200 kb/s downlink into a 10-packet buffer, 1000-byte segments) with each case of Table 1: rate u(200, sd) kb/s redrawn per packet, round-trip delay const + e(mean) ms; ' +
        'Reno (the variant the paper models), 3600 s per run as the paper, 3 seeds.',
      base: { preset: '3g-variation' },
      edits: ['durationS=3600'],
      axis: {
        label: 'Table 1 case',
        scale: 'category',
        points: THREE_G_CASES.map((c, i) => ({
          label: caseLabel(i),
          edits: [`path.0.forward.rateSdBps=${c.rateSdKbps * 1000}`, `path.0.forward.delayMs=${c.constMs / 2 - 1}`, `path.0.forward.extraDelayMeanMs=${c.extraMs}`],
        })),
      },
      variants: ['reno'],
      seeds: { first: 1, count: 3 },
      metrics: ['goodputBps', 'meanRttMs'],
    },
    published: [threeGTable2Simulated, threeGTable2Eq19],
    claims: [],
    models: () => [
      {
        label: 'sawtooth, eq. (1)–(4), at the case’s mean rate and delay',
        metric: 'goodputBps',
        kind: 'points',
        values: THREE_G_CASES.map((c, i) => {
          const m = sawtoothModel({ serviceRatePps: 200e3 / (8 * THREE_G_WIRE_BYTES), propagationRttS: (c.constMs + c.extraMs) / 1000, bufferPackets: 10 });
          return { at: caseLabel(i), value: m.throughputPps * THREE_G_MSS * 8 };
        }),
      },
    ],
  };
}

function realTable1(): FigurePreset {
  return {
    paper: REAL_PAPER,
    figure: 'Tables 1 and 4',
    experiment: {
      id: 'real-table1',
      title: 'Goodput and application success vs error rate during ON',
      source: 'Zhang & Tsaoussidis 2001, Tables 1 and 4 (Figs. 2 and 4)',
      description:
        'The real-link-errors preset (2 Mb/s, 15 ms one way, ON/OFF errors with 1 s sojourns, playback 5 KB every 40 ms) sending 5 MB until delivered; the dropping rate during ON swept 0 … 0.5 as Table 1. 5 seeds.',
      base: { preset: 'real-link-errors' },
      edits: [`flows.0.bytes=${PAPER_5MB_BYTES}`, 'durationS=1200'],
      axis: { label: 'Dropping rate during ON', scale: 'linear', values: [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5], set: ['path.0.forward.errors.0.perBad={x}'] },
      variants: ['real', 'reno', 'tahoe'],
      seeds: { first: 1, count: 5 },
      metrics: ['goodputBps', 'appSuccessPct', 'completionTimeS'],
    },
    published: [realTable1Goodput, realTable4Success],
    claims: [
      { kind: 'order', metric: 'goodputBps', pairs: [['real', 'reno'], ['real', 'tahoe']], text: '"TCP-Real outperforms both Tahoe and Reno" (§4.1)' },
      { kind: 'order', metric: 'appSuccessPct', pairs: [['real', 'reno']], at: [0.05, 0.1, 0.2, 0.33, 0.5], text: 'the time-constrained application "performs significantly better" with TCP-Real (§4.2)' },
    ],
  };
}

function realHandoffTable(): FigurePreset {
  return {
    paper: REAL_PAPER,
    figure: 'Tables 3 and 6',
    experiment: {
      id: 'real-handoff',
      title: 'Goodput and application success with handoffs',
      source: 'Zhang & Tsaoussidis 2001, Tables 3 and 6',
      description: 'The real-handoff preset (mean 5 s connected / 0.5 s handoff at PER 0.99, 2 Mb/s) sending 50 MB until delivered, as the paper. 3 seeds.',
      base: { preset: 'real-handoff' },
      edits: [`flows.0.bytes=${50 * 1024 * 1024}`, 'durationS=3000'],
      axis: { label: 'Scenario', scale: 'category', points: [{ label: 'handoff', edits: [] }] },
      variants: ['real', 'reno', 'tahoe'],
      seeds: { first: 1, count: 3 },
      metrics: ['goodputBps', 'appSuccessPct'],
    },
    published: [realTable3Goodput, realTable6Success],
    claims: [{ kind: 'order', metric: 'goodputBps', pairs: [['real', 'reno'], ['real', 'tahoe']], text: 'TCP-Real "has enhanced re-adapting capability after a bursty error condition is over, compared to Tahoe and Reno" (§4.1)' }],
  };
}

function njFigure(id: string, figure: string, metrics: string[], published: PublishedSeries[]): FigurePreset {
  const others = ['newreno', 'sack', 'veno', 'westwood-plus'];
  return {
    paper: NJ_PAPER,
    figure,
    experiment: {
      id,
      title: metrics[0] === 'linkEfficiency' ? 'Link efficiency of each scheme' : 'Congestion loss at the wireless bottleneck',
      source: `Xu, Tian & Ansari 2004, ${figure}`,
      description: 'The nj-asymmetric preset (Fig. 6: wired core with two-way FTP cross traffic, 2 Mb/s / 256 kb/s wireless last hop with fading errors, CW queue), 60 s, 5 seeds. The paper’s "Westwood" is our westwood-plus.',
      base: { preset: 'nj-asymmetric' },
      axis: { label: 'Scenario', scale: 'category', points: [{ label: 'nj-asymmetric', edits: [] }] },
      variants: ['new-jersey', ...others],
      seeds: { first: 1, count: 5 },
      metrics,
    },
    published,
    noValues: published.length === 0 ? 'Fig. 16 is a bar chart whose values are not printed in the paper (our copy has its caption only).' : undefined,
    claims:
      metrics[0] === 'linkEfficiency'
        ? [{ kind: 'order', metric: 'linkEfficiency', pairs: others.map((o) => ['new-jersey', o] as [string, string]), text: 'New Jersey achieves "superior throughput compared to other TCP schemes" (§6)' }]
        : [],
  };
}

const CODEL_PAPER = 'CoDel (Nichols & Jacobson; RFC 8289)';
const L4S_PAPER = 'DualQ Coupled AQM (RFC 9332)';

/**
 * CoDel across static link rates: the cures-codel path (CUBIC bulk + an interactive flow, 100 ms
 * base round trip, CoDel with its RFC defaults in a 400-packet buffer) at rates from 3 to 50 Mb/s.
 * The article's section "Performance Across a Range of Static Link Rates" makes the point that one
 * parameter-free CoDel holds its delay at any rate while keeping the link busy; the bounds are
 * RFC 8289's 5 ms target with the three-fold margin issue 34 allows, and ≥ 90 % utilisation.
 */
function codelRates(): FigurePreset {
  const link = 'bottleneck/fwd';
  return {
    paper: CODEL_PAPER,
    figure: 'Fig. 5 ("Performance Across a Range of Static Link Rates")',
    experiment: {
      id: 'codel-rates',
      title: 'CoDel: queueing delay and utilisation vs link rate',
      source: 'Nichols & Jacobson, "Controlling Queue Delay", ACM Queue 10(5), 2012 (also CACM 55(7)), Fig. 5 and its section "Performance Across a Range of Static Link Rates"; RFC 8289 §4.3–4.4 (target 5 ms, interval 100 ms)',
      description:
        'The cures-codel preset (one CUBIC bulk flow and a 2-segment interactive flow, 100 ms base round trip, CoDel with target 5 ms and interval 100 ms in a 400-packet buffer), 30 s, bottleneck rate swept 3 … 50 Mb/s, 3 seeds (each seed starts the interactive flow at its own time between 1 and 3 s). ' +
        'Our choices where the article leaves them open: the traffic (the article mixes FTP, web and CBR flows), the rates, and the delay metric — the mean queue in full-size packets times one packet’s time at the link rate (whole run, slow start included), where the article plots the median packet delay.',
      base: { preset: 'cures-codel' },
      seedEdits: ['flows.1.startS={uniform:1:3}'],
      axis: { label: 'Bottleneck rate', unit: 'Mb/s', scale: 'linear', values: [3, 5, 10, 20, 50], set: ['path.0.forward.rateBps={x}e6'] },
      variants: ['cubic'],
      seeds: { first: 1, count: 3 },
      metrics: [`meanQueueDelayMs@${link}`, `utilization@${link}`, 'goodputBps'],
    },
    published: [],
    noValues:
      'The article draws Fig. 5 (3, 10, 45 and 100 Mb/s) as box plots: its values are not printed, and its text gives the expectations the bounds below stand on. ' +
      'In our words: at rates where one full-size packet takes less than the 5 ms target, and with long-lived bulk flows, CoDel’s median packet delay should come close to the target; ' +
      'at 3 Mb/s a single extra 1500-byte packet is already 4 ms, so there the median sits noticeably above it, and utilisations are good at every rate. ' +
      'It prints numbers only for other scenarios: a median of 2.7 ms (75th percentile 5 ms) on a link stepping between 100, 10, 1 and 50 Mb/s, and a consumer-edge table (512 kb/s and 1.5 Mb/s, median delay 18 against 73 ms and 8 against 49 ms downstream with tail drop), which this sweep does not run.',
    claims: [
      { kind: 'at-most', metric: `meanQueueDelayMs@${link}`, variant: 'cubic', max: 15, text: 'the queue is held near CoDel’s 5 ms target at every rate, as the article expects for bulk flows once a packet takes under 5 ms to send (bound 3 × target as issue 34 states it)' },
      { kind: 'at-least', metric: `utilization@${link}`, variant: 'cubic', min: 0.9, text: 'the link stays busy at every rate: the article calls Fig. 5’s utilisations good; ≥ 90 % as issue 34 states it' },
    ],
  };
}

/**
 * DualPI2 across base round trips: the l4s-dualpi2 path (TCP Prague in the L4S queue, CUBIC in
 * the Classic queue, 10 Mb/s, RFC 9332 A.1's parameters, a 208-packet buffer = 250 ms at the
 * rate) at base RTTs 10 … 200 ms. RFC 9332's coupling (p_C = (p_CL/k)², k = 2) aims, in its
 * draft's words, at "roughly equivalent throughput per flow" while "isolating the sub-millisecond
 * average queuing delay ... of L4S from Classic latency"; the balance depends on the RTTs (a Classic flow's rate
 * falls with its RTT more slowly than a scalable one's), which is what the sweep shows.
 */
function dualpi2Rtts(): FigurePreset {
  return {
    paper: L4S_PAPER,
    figure: 'Fig. of rate balance and delay across RTTs (RFC 9332 §2.1, A.1)',
    experiment: {
      id: 'dualpi2-rtt',
      title: 'DualPI2: Prague and CUBIC rate balance and round trip vs base RTT',
      source: 'RFC 9332 §1 (goals), §2.1 (coupling, k = 2), Appendix A.1 (parameters); the Fig. it cites from the DualQ evaluations',
      description:
        'The l4s-dualpi2 preset (TCP Prague, ECT(1), in the L4S queue and CUBIC in the Classic queue, 10 Mb/s, DualPI2 with RFC 9332 A.1’s parameters in a 208-packet buffer), 60 s, base round trip swept 10 … 200 ms by the bottleneck’s one-way delay, 3 seeds. ' +
        'Goodput is the whole run’s (slow start included); the round trip is each flow’s mean RTT sample. Our choices: one flow of each kind, the rate, the RTTs.',
      base: { preset: 'l4s-dualpi2' },
      edits: ['durationS=60'],
      axis: {
        label: 'Base round trip',
        unit: 'ms',
        scale: 'log',
        points: [10, 20, 50, 100, 200].map((rtt) => ({ x: rtt, label: `${rtt} ms`, edits: [`path.0.forward.delayMs=${rtt / 2 - 1}`] })),
      },
      variants: ['prague', 'cubic'],
      variantMode: 'as-scenario',
      seeds: { first: 1, count: 3 },
      metrics: ['goodputBps', 'meanRttMs'],
    },
    published: [],
    noValues: 'RFC 9332 prints no values for this sweep (its evaluations are cited, not reproduced in its text): the verdict rests on the goals its text states.',
    claims: [
      {
        kind: 'close',
        metric: 'goodputBps',
        variants: ['prague', 'cubic'],
        withinPct: 50,
        text: '"pooling the capacity between any combination of Scalable and Classic flows with roughly equivalent throughput per flow" (abstract of draft-ietf-tsvwg-aqm-dualq-coupled-18, the draft that became RFC 9332; within a factor of 2 as issue 34 reads it)',
      },
      { kind: 'order', metric: 'meanRttMs', pairs: [['cubic', 'prague']], text: '"isolating the sub-millisecond average queuing delay ... of L4S from Classic latency" (the same draft’s abstract): Prague’s round trip stays below CUBIC’s' },
    ],
  };
}

export const FIGURES: readonly FigurePreset[] = [
  lpAccuracyFigure('lp-fig2a', 'Fig. 2(a)', false),
  lpAccuracyFigure('lp-fig2b', 'Fig. 2(b)', true),
  lpPerFigure('lp-fig4a', 'Fig. 4(a)', 'Goodput vs PER, C_SN = 2 Mb/s', 2e6, false),
  lpPerFigure('lp-fig4b', 'Fig. 4(b)', 'Goodput vs PER, C_SN = 5 Mb/s', 5e6, false),
  lpPerFigure('lp-fig5', 'Fig. 5', 'Goodput vs PER, C_SN = 2 Mb/s, with cross traffic', 2e6, true),
  lpCorrelatedFigure('lp-fig6a', 'Fig. 6(a)', 2e6, LP_VARIANTS, [
    { kind: 'order', metric: 'goodputBps', pairs: [['newreno-lp', 'newreno']], text: '"TCP NewReno-LP achieves higher goodput than TCP NewReno" (§5.2)' },
    { kind: 'order', metric: 'goodputBps', pairs: [['newreno-ideal-lp', 'newreno-lp']], text: 'NewReno-LP "practically overlaps to the goodput upper bound" of Ideal-LP (§5.2)' },
  ], false),
  lpCorrelatedFigure('lp-fig6b', 'Fig. 6(b)', 5e6, LP_VARIANTS, [
    { kind: 'order', metric: 'goodputBps', pairs: [['newreno-lp', 'newreno']], text: '"A similar behavior was observed in Fig. 6(b)" (§5.2)' },
    { kind: 'order', metric: 'goodputBps', pairs: [['newreno-ideal-lp', 'newreno-lp']], text: 'Ideal-LP is the upper bound (§5.2)' },
  ], false),
  lpRttFigure('lp-fig7a', 'Fig. 7(a)', 2e6),
  lpRttFigure('lp-fig7b', 'Fig. 7(b)', 5e6),
  lpFairness(),
  lpCorrelatedFigure('lp-fig11', 'Fig. 11', 10e6, ['newreno-lp', 'tibet', 'westwood', 'newreno'], [
    { kind: 'order', metric: 'goodputBps', pairs: [['newreno-lp', 'newreno']], text: '"These results confirm the improved performance achieved by TCP NewReno-LP" (§6.2)' },
  ], true),
  probingFigure('probing-fig3', 'Fig. 3 / Table A1', 'Task completion time vs PER (5 MB)', ['completionTimeS', 'overheadPct'], [probingTableA1Time, probingTableA1Overhead], false),
  probingFigure('probing-fig7', 'Fig. 7 / Table A1', 'Overhead vs PER (5 MB)', ['overheadPct', 'completionTimeS'], [probingTableA1Overhead, probingTableA1Time], false),
  probingFigure('probing-fig14', 'Fig. 14 / Table A6', 'Task completion time vs PER, 300 KB with congestion', ['completionTimeS', 'overheadPct'], [probingTableA6Time, probingTableA6Overhead], true),
  realTable1(),
  realHandoffTable(),
  threeGTable2(),
  njFigure('nj-fig16', 'Fig. 16', ['linkEfficiency', 'congestionLossPct@wireless/fwd'], []),
  njFigure('nj-table1', 'Table 1', ['congestionLossPct@wireless/fwd', 'linkEfficiency'], [njTable1WirelessLoss]),
  codelRates(),
  dualpi2Rtts(),
];

export function getFigure(id: string): FigurePreset | undefined {
  return FIGURES.find((f) => f.experiment.id === id);
}

export const FIGURE_IDS: readonly string[] = FIGURES.map((f) => f.experiment.id);
