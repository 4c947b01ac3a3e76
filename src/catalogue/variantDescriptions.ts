/**
 * Each variant's one line for menus' tooltips and `--list-variants`, by name. Kept apart from the
 * catalogue (./variants.ts) because the simulation worker and the page's first chart need the
 * catalogue but not this text: the page loads it once the first picture is up.
 */
export const VARIANT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  tahoe: 'Tahoe: every loss restarts slow start from 1 segment',
  reno: 'Reno: fast recovery, but one halving per loss — several losses in a window hurt',
  newreno: 'NewReno: stays in fast recovery across partial ACKs — one halving per window of losses',
  sack: 'SACK (RFC 6675): the receiver reports holes, the sender repairs several per RTT',
  vegas: 'Vegas: keeps 1–3 segments queued by comparing expected and actual rate once per RTT',
  veno: 'Veno: Reno that cuts only to 4/5 when Vegas’s backlog says a loss was random',
  'newreno-lp': 'NewReno-LP: NewReno that keeps its window when the Vegas predictor calls a loss wireless',
  'newreno-ideal-lp': 'NewReno-Ideal-LP: NewReno-LP with a perfect oracle for the cause of each loss — the upper bound',
  'westwood-plus': 'Westwood+: after a loss, ssthresh = bandwidth estimate × RTTmin (one sample per RTT, low-pass filtered)',
  westwood: 'Westwood (original): per-ACK bandwidth samples — over-estimates when ACKs arrive bunched',
  tibet: 'TIBET: Westwood-style loss reaction with an unbiased estimate (filtered length / filtered ACK interval)',
  jersey: 'Jersey: bandwidth estimate from ACK arrivals (ABE) + router congestion warnings tell congestion from wireless loss',
  'new-jersey': 'New Jersey: Jersey with the receiver’s timestamps (TABE) — immune to ACK compression — and ssthresh tracking the estimate',
  real: 'TCP-Real: the receiver times each wave and sets the window; random losses leave it alone',
  probing: 'TCP-Probing (Reno): on a loss, pause data and probe the path; recover at full window unless the probe RTTs say congestion',
  'probing-tahoe': 'TCP-Probing (Tahoe): probe cycle on every loss; slow start when the probes say congestion',
  cubic: 'CUBIC (RFC 9438): window a cubic function of time since the last loss — plateau at the old maximum, then probe',
  dctcp: 'DCTCP (RFC 8257): ECN marks estimate congestion α; cuts cwnd by α/2 once per window instead of halving',
  prague: 'TCP Prague (L4S): DCTCP-like response on ECT(1) marks, paced, RTT-independent below 25 ms',
  bbr: 'BBR v1: paces at the measured bottleneck rate, window ≈ 2 × bandwidth·min-RTT — keeps queues short, ignores loss',
};
