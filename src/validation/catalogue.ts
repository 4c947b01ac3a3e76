/**
 * The fidelity contract, one entry per variant: what TCP Lab's implementation was checked against
 * that the project did not write, where the check lives, and how close it came. The kernel
 * numbers come from `npm run validate` (results.json); the paper figures from the experiments'
 * figure presets (`npm run reproduce` gives their verdicts). The validation page and
 * docs/validation.md show the same.
 */
export interface Check {
  /** What we did not write: the kernel, an RFC's rules, a paper's equations, an analytic model. */
  against: string;
  /** Where the check is (a test file, a command). */
  where: string;
  /** How close, in words a student can check. */
  result: string;
}

const branch = (variant: string, source: string): Check => ({
  against: source,
  where: `tests/engine/${variant}.test.ts`,
  result: 'every branch hand-computed from the source; exact',
});

export const CHECKS: Readonly<Record<string, Check[]>> = {
  tahoe: [branch('tahoe', 'RFC 5681 window; Tahoe recovery as ns-2 (go back to one segment)')],
  reno: [branch('reno', 'RFC 5681 §3.2 fast retransmit and fast recovery')],
  newreno: [
    branch('newreno', 'RFC 6582 partial ACKs, recover, the exit window'),
    { against: 'RFC 3465 byte counting (the linux profile, tcp.byteCounting)', where: 'tests/engine/byte-counting.test.ts', result: 'slow start doubles and congestion avoidance gains one segment per RTT with delayed ACKs; exact' },
    { against: 'Chan & Ramjee sawtooth model (eq. 1–4) on reference-2mbps; Mathis and PFTK on lossy-10mbps', where: 'tests/scenarios/yardsticks.test.ts', result: 'within the tolerances stated in the test' },
  ],
  sack: [
    branch('sack', 'RFC 6675 IsLost, pipe, NextSeg; RFC 6937 PRR'),
    { against: 'RFC 6675 / 6937 worked cases', where: 'tests/engine/recovery.test.ts', result: 'exact' },
  ],
  vegas: [branch('vegas', 'Brakmo & Peterson: Diff = (Expected − Actual)·BaseRTT against α, β, γ')],
  veno: [
    branch('veno', 'Fu & Liew 2003: backlog N, ssthresh 4/5 or 1/2, growth every other RTT above β'),
    {
      against: "ns-3's TcpVeno under heavy random loss",
      where: 'reference-2mbps and its 10 Mb/s variant, PER 2–5 %',
      result:
        "reported 29–74 % more goodput than ns-3's Veno (measured outside this repository). The cause is ns-3's own rule: 4/5 of bytes in flight after the three duplicate-ACKed segments are taken out, 4/5·(W − 3), where Fu & Liew and Linux take 4/5·W. The same runs with ns-3's window: 27–66 % (2 Mb/s) and 31–70 % (10 Mb/s) less at 1–5 %, the reported gap; we keep the paper's rule (docs/validation.md)",
    },
  ],
  'newreno-lp': [branch('newreno-lp', 'Martignon & Fratta: the Vegas predictor and the loss reaction')],
  'newreno-ideal-lp': [branch('newreno-lp', 'Martignon & Fratta: the ideal (ground-truth) predictor')],
  'westwood-plus': [
    branch('westwood', 'Linux tcp_westwood.c: per-RTT sample, two 7/8 EWMAs, BWE·RTTmin'),
    {
      against: "ns-3's TcpWestwoodPlus under random loss",
      where: 'reference-2mbps and its 10 Mb/s variant, PER 1 % and 5 % (docs/validation.md)',
      result:
        "reported: ours under half of ns-3's at 10 Mb/s and 1 %, 44 % less at 2 Mb/s and 5 %. The cause is ns-3's count: a segment per duplicate ACK and then the whole cumulative ACK that ends the recovery again (Linux's westwood_acked_count avoids it, as we do). ns-3's estimator in our Westwood+ gives 3602 and 576 kb/s (ours 1856 and 332), without the double count 1754 and 317",
    },
    {
      against: 'NewReno-LP paper Figs. 4–6 ordering: Westwood above NewReno under random loss',
      where: 'tests/claims/westwood-random-loss.test.ts: lp-uncorrelated without cross traffic, PER 0.1 %, 1 %, 5 %, 3 seeds',
      result:
        'the paper ran the per-ACK Westwood-NR (our westwood): above NewReno at all three. Westwood+ is above at 1 % (1.26 against 0.76 Mb/s) and at 0.1 % in the steady state (30–60 s: 1.92 against 1.83 Mb/s; over 0–60 s 1.73 against 1.78, the first slow start overshoots with the filter at a fraction of the rate). At 5 % it is below (177 against 194 kb/s): timeouts take most of the run, the per-RTT sample is the 2–3 segments delivered per RTT, and BWE·RTTmin falls under half the window. Same runs with the per-ACK estimator (westwood): 621 kb/s',
    },
  ],
  westwood: [branch('westwood', 'Casetti et al.: per-ACK Tustin filter, BWE·RTTmin')],
  tibet: [branch('tibet', 'Capone, Fratta & Martignon: separate averages of packet length and inter-arrival time')],
  jersey: [branch('jersey', 'TCP Jersey (Xu, Tian & Ansari): ABE, ownd, congestion warning')],
  'new-jersey': [branch('jersey', 'TCP New Jersey (Xu, Tian & Ansari): TABE from receiver timestamps')],
  real: [
    branch('real', 'Zhang & Tsaoussidis: wave levels, receiver-side measurement'),
    {
      against: 'A congested path must not make it collapse: at least half of Reno’s goodput',
      where: 'tests/claims/real.test.ts: lp-uncorrelated (2 Mb/s shared with 30 Pareto UDP sources, PER 1 %), seeds 1–5',
      result: '0.580 against Reno’s 0.559 Mb/s (0.424 before the first rise after a stall stopped at the stalled wave’s level)',
    },
  ],
  probing: [branch('probing', 'Tsaoussidis & Lahanas: the probe cycle and its decisions')],
  'probing-tahoe': [branch('probing', 'Tsaoussidis & Lahanas: the probe cycle grafted on Tahoe')],
  cubic: [
    branch('cubic', 'RFC 9438 W(t), K, β, fast convergence, Reno-friendly region; RFC 9406 HyStart++'),
    { against: 'Linux tcp_cubic.c HyStart (ACK train, delay increase)', where: 'tests/engine/hystart-linux.test.ts', result: 'exit point hand-computed on an emulated path (cwnd 131 by the train, 88 by delay); exact' },
    { against: 'Linux cubictcp_recalc_ssthresh, tcp_reno_ssthresh and __tcp_set_rto (the linux profile)', where: 'tests/engine/linux-arithmetic.test.ts', result: 'exact' },
  ],
  bbr: [branch('bbr', 'Linux tcp_bbr.c (v1): modes, gain cycle, ProbeRTT, recovery')],
};

/** Which kernel congestion control each variant was run against with the linux-ref recipe. */
export const KERNEL_CC: Readonly<Record<string, string>> = { newreno: 'reno', cubic: 'cubic', bbr: 'bbr' };
