/**
 * Why a paper figure does not match: one record per figure whose verdict is "does not match"
 * (`npm run reproduce`), with what the paper states, what we run, the measured difference, the
 * mechanism we found, and the experiment that shows it — the figure's own sweep with the suspected
 * cause changed, runnable from the experiments view and with `npm run sweep -- --experiment`
 * on its JSON. Measured figures are means over the figure's seeds unless the record says
 * otherwise; they were taken on the commit that added or last changed the record.
 */
import { getFigure } from './figures.ts';
import type { ExperimentInput } from './spec.ts';

export interface WhyExperiment {
  /** What is changed, in words. */
  change: string;
  /** Edits added after the figure's own; a variant, axis or seed change below. */
  edits?: string[];
  variants?: string[];
  /** Numeric axis values to keep (a subset of the figure's). */
  values?: number[];
  /** Axis `set` templates replacing the figure's (e.g. errors on one path only). */
  set?: string[];
  /** What it gave. */
  result: string;
}

export interface FigureAnalysis {
  /** The figure's experiment id. */
  figure: string;
  paperStates: string;
  weRun: string;
  difference: string;
  mechanism: string;
  /** The experiments that show the mechanism (the first is the one the view offers to run). */
  experiments: WhyExperiment[];
}

export const FIGURE_ANALYSES: readonly FigureAnalysis[] = [
  {
    figure: 'probing-fig3',
    paperStates: 'Table A1: Reno completes the 5 MB task in 30.0 s at PER 0 and 60.1 s at 40 % during ON (63.1 s at 25 %); TCP-Probing 28.6 and 53.7 s.',
    weRun: 'The probing-testbed channel (1.5 Mb/s, exponential ON/OFF phases of 10 s mean, drops during ON on the data and the ACK path), 5 ms one way, RFC 6298 timer (1 s minimum, doubling up to 60 s), 20 seeds.',
    difference: 'Reno 29.1 s at PER 0 (−3 %), 119 s at 25 % (+89 %) and 277 s at 40 % (+361 %); Probing 70.7 and 88.2 s (+50 %, +64 %). The task-time ordering holds except at 1 %; the times do not.',
    mechanism:
      'Exponential back-off. A 10 s ON phase with 40 % drops both ways lets one round trip in three through; each lost retransmission doubles Reno’s RTO (1, 2, 4, 8, 16 s …), so the retransmission that finally gets through is sent long after the ON phase ended. TCP-Probing replaces the back-off with its probe cycle and is hurt far less. The x-kernel Reno of the paper evidently did not wait so long: its 40 % time is no worse than its 25 % time.',
    experiments: [
      {
        change: 'Reno and Probing with the retransmission timer capped at 2 s (tcp.maxRtoMs), PER 25 % and 40 %',
        edits: ['flows.0.tcp.maxRtoMs=2000'],
        values: [0.25, 0.4],
        result: 'Reno 119 → 75 s at 25 % and 277 → 90 s at 40 % (paper 63.1, 60.1); Probing unchanged (70.5, 88.4 s).',
      },
      {
        change: 'Drops on the data path only (the ACK path clean), PER 25 % and 40 %',
        values: [0.25, 0.4],
        set: ['path.0.forward.errors.0.perBad={x}'],
        result: 'Reno 101 and 145 s, Probing 66 and 75 s: the ACK-path drops add to the back-off but are not the main cause.',
      },
    ],
  },
  {
    figure: 'probing-fig7',
    paperStates: 'Table A1: overhead 2.84 % (Reno) and 2.78 % (Probing) at PER 0, rising to 4.21 % and 4.19 % at 40 %; Probing never above Reno.',
    weRun: 'The runs of Fig. 3. Overhead = 100·(all bytes both ends put on the wire − 5 MB)/5 MB, counting 40 bytes of IP and TCP header per packet and Probing’s header-only probes.',
    difference: 'Ours is about twice the paper’s: 6.00 % at PER 0, 8.8–8.9 % at 40 %. Probing is above Reno by 0.06–0.25 points at 1 %, 8 % and 40 %.',
    mechanism:
      'Header accounting. The paper counts "all bytes transmitted by the sender and receiver transport layers": TCP headers, 20 bytes a packet. At PER 0 every overhead byte is a header: 5 243 data segments and 2 622 delayed ACKs. With 40 bytes that is 6.00 % (the measured value); with the transport layer’s 20 it is 3.00 %, 0.16 points from the paper. Probing’s extra over Reno is its probe segments (header-only packets in every probe cycle); the paper’s table has Probing at or below Reno, so its probes cost less there or its recoveries saved more.',
    experiments: [
      {
        change: 'The figure’s PER-0 point: every overhead byte is a header, so the transport layer’s count is ours × 20/40',
        values: [0],
        result: '6.00 % with 40-byte headers → 3.00 % with 20-byte ones (paper 2.84 %, 2.78 %).',
      },
    ],
  },
  {
    figure: 'probing-fig14',
    paperStates: 'Table A6 (300 KB with congestion): Reno 2.7 s at PER 0 to 10.3 s at 40 %; Probing 2.7 to 8.3 s, never slower than Reno.',
    weRun: 'The probing-testbed channel (10 s mean ON/OFF phases), 300 KB tasks, congestion from one FTP generator of 2 s sessions every 2 s on average (the paper gives no parameters for its ON/OFF TCP application), 20 seeds.',
    difference: 'Our tasks take 2.0–4.0 s (paper 2.7–10.8 s); Probing is slower than Reno at 5 of 6 points, by 0.003–0.17 s.',
    mechanism:
      'Too little congestion, and a task far shorter than an error phase. A 300 KB task lasts about 2 s against 10 s ON and OFF phases, so a task runs mostly inside one phase, and with our light cross traffic there is little to recover from: the two variants differ by less than their 95 % intervals (±0.3–3.3 s) at every point. The paper’s heavier congestion (2.7 s already at PER 0) is what separates them.',
    experiments: [
      {
        change: 'Three FTP generators instead of one (cross.0.generators=3), PER 0, 16 % and 40 %',
        edits: ['cross.0.generators=3'],
        values: [0, 0.16, 0.4],
        result: 'Reno 3.1, 7.9 and 20.9 s, Probing 3.4, 5.0 and 10.1 s: the paper’s range, and Probing ahead at 16 % and 40 % (at PER 0 within the interval).',
      },
    ],
  },
  {
    figure: 'real-table1',
    paperStates: 'Table 1: TCP-Real above Reno and Tahoe at every dropping rate; at 33 % and 50 % during ON Real 46.4 and 25.6 KB/s, Reno 26.4 and 16.8, Tahoe 32.7 and 15.1.',
    weRun: 'The real-link-errors path (2 Mb/s, 15 ms, ON/OFF errors with 1 s mean phases on the data path), 5 MB until delivered, RFC 6298 timer with a 1 s minimum, 5 seeds.',
    difference: 'Real is close to the paper where it loses (0.378 and 0.234 Mb/s at 33 % and 50 %, paper 0.371 and 0.205), but Reno (0.382, 0.257) and Tahoe (0.498, 0.390) run at 1.8–3.2 × the paper’s and above Real. At PER 0 all three deliver 1.91 Mb/s where the paper has Real 4.5 % ahead.',
    mechanism:
      'The retransmission timer against 1 s phases. With half the segments lost during ON, Reno and Tahoe live on timeouts; a 1 s minimum RTO fires about when a 1 s ON phase has ended, so their retransmissions mostly land in OFF phases. The paper does not give its x-kernel timer; any longer one makes them wait out whole OFF phases.',
    experiments: [
      {
        change: 'A 2 s minimum RTO (tcp.minRtoMs=2000), 33 % and 50 %',
        edits: ['flows.0.tcp.minRtoMs=2000'],
        values: [0.33, 0.5],
        result: 'Reno 0.236 and 0.220 Mb/s, Tahoe 0.262 and 0.165 (paper 0.211, 0.134 and 0.261, 0.121): near the paper at 33 %; Real falls too (0.233, 0.106), so the timer explains the scale of Reno and Tahoe, not the paper’s ordering.',
      },
    ],
  },
  {
    figure: 'real-handoff',
    paperStates: 'Table 3: with handoffs (5 s connected, 0.5 s at PER 0.99) TCP-Real delivers 549.67 KB/s, 1.77 × Reno.',
    weRun: 'The real-handoff preset on the 2 Mb/s link of Table 1 (the paper does not give the handoff runs’ link), 50 MB until delivered, 3 seeds.',
    difference: 'Real 1.47 Mb/s, 1.02 × Reno (1.44) and below Tahoe (1.51); the paper prints 4.40, 2.49 and 2.47 Mb/s (549.67, 310.98, 308.75 KB/s).',
    mechanism:
      'The link. 549.67 KB/s is 2.3 × Table 1’s error-free 237.65 KB/s, so the handoff runs used a faster path; on our 2 Mb/s Reno already delivers about 80 % of the payload capacity between handoffs, so 1.5 × Reno would exceed the link. Our Reno usually needs one timeout per handoff; the paper’s x-kernel Reno lost far more to each.',
    experiments: [
      {
        change: 'The same handoffs on a 10 Mb/s link (path.0.forward.rateBps)',
        edits: ['path.0.forward.rateBps=10000000'],
        result: 'Real 7.86 Mb/s, 1.13 × Reno (6.98) and 1.06 × Tahoe (7.39): ahead of both, as the paper; the margin grows with the link (1.06 × Reno at 5 Mb/s).',
      },
    ],
  },
  {
    figure: 'nj-table1',
    paperStates: 'Table 1: wireless-link congestion loss New Jersey 0.003 %, the others 0.152–0.258 % (Veno 0.152, NewReno 0.199, Westwood 0.237, SACK 0.258).',
    weRun: 'The nj-asymmetric preset: Gilbert–Elliott fading on the 2 Mb/s wireless downlink (1 s good, 50 ms bad at PER 0.5), two-way FTP cross traffic in the wired core, 60 s, 5 seeds.',
    difference: 'New Jersey 0.066 %, NewReno 0.103, Veno 0.091, Westwood+ 0.074, SACK 0.062: the others at a third to a half of the paper’s, and New Jersey not the lowest.',
    mechanism:
      'Our fading keeps the other variants’ windows below the 20-packet buffer most of the time, so they rarely overflow it; and New Jersey’s congestion warning does not stop it overflowing: its window ownd = SRTT·TABE grows with the queue it builds, so a cut to ownd barely cuts. With the fading off, the others reach the paper’s congestion loss and New Jersey has the most.',
    experiments: [
      {
        change: 'No fading on the wireless downlink (path.1.forward.errors=[])',
        edits: ['path.1.forward.errors=[]'],
        result: 'NewReno 0.226 %, SACK 0.244, Westwood+ 0.232, Veno 0.194 (the paper’s 0.15–0.26 % range), New Jersey 0.540 %: the highest.',
      },
    ],
  },
];

export function figureAnalysis(figureId: string): FigureAnalysis | undefined {
  return FIGURE_ANALYSES.find((a) => a.figure === figureId);
}

/** The figure's experiment with the change applied: id `<figure>-why-<n>` (1-based), runnable as any experiment. */
export function whyExperiment(a: FigureAnalysis, index = 0): ExperimentInput {
  const fig = getFigure(a.figure);
  if (!fig) throw new Error(`analysis for unknown figure "${a.figure}"`);
  const w = a.experiments[index];
  const base = structuredClone(fig.experiment);
  const axis = base.axis;
  const values = w.values;
  const newAxis =
    'values' in axis && axis.values
      ? { ...axis, ...(values ? { values: axis.values.filter((v) => values.includes(v)) } : {}), ...(w.set ? { set: w.set } : {}) }
      : axis;
  return {
    ...base,
    id: `${a.figure}-why-${index + 1}`,
    title: `${base.title}: ${w.change}`,
    description: `${base.description} Changed to show why it does not match: ${w.change}.`,
    edits: [...(base.edits ?? []), ...(w.edits ?? [])],
    axis: newAxis,
    variants: w.variants ?? base.variants,
  };
}

/** `<figure>-why-<n>` → that experiment, for the CLI's --experiment; undefined if no such record. */
export function whyExperimentById(id: string): ExperimentInput | undefined {
  const m = /^(.+)-why-(\d+)$/.exec(id);
  if (!m) return undefined;
  const a = figureAnalysis(m[1]);
  const i = Number(m[2]) - 1;
  return a && i >= 0 && i < a.experiments.length ? whyExperiment(a, i) : undefined;
}
