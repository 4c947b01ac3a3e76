import type { Preset } from './types.ts';
import { LP_WIRED_RATE_BPS, lpFlow, lpPath } from './lp-common.ts';

/**
 * NewReno-LP §3 / §5.1 (Fig. 4a) with §3's second traffic scenario: independent wireless losses
 * (PER swept 1e-5 … 1e-1 in the paper; 1 % here) and 30 Pareto ON/OFF UDP sources on the wired
 * link (shape 1.5, mean ON 100 ms, mean OFF 200 ms, 1500-byte packets), whose rate R_UDP
 * "leave[s] to the TCP source an available bandwidth … with an average equal to half the
 * bottleneck capacity": 30 × R_UDP × 100/(100 + 200) = C_SN / 2, so R_UDP = C_SN / 20.
 */
const PER = 0.01;
const UDP_SOURCES = 30;
const UDP_MEAN_ON_MS = 100;
const UDP_MEAN_OFF_MS = 200;
const UDP_RATE_BPS = (LP_WIRED_RATE_BPS / 2 / UDP_SOURCES) * ((UDP_MEAN_ON_MS + UDP_MEAN_OFF_MS) / UDP_MEAN_ON_MS);

export const lpUncorrelated: Preset = {
  name: 'lp-uncorrelated',
  group: 'NewReno-LP (Martignon & Fratta)',
  description: 'Random wireless losses behind a wired link shared with bursty UDP traffic: can the sender tell wireless losses from congestion losses?',
  scenario: {
    version: 4,
    name: 'lp-uncorrelated',
    description:
      'NewReno-LP §3/§5.1 (Fig. 1): S –[100 Mb/s, 1 ms]– router –[wired C_SN 2 Mb/s, 49 ms]– N –[wireless C_ND 10 Mb/s, 0.01 ms, Bernoulli PER 0.01 on data]– D; ' +
      'RTT 100 ms, every router queue 17 packets (bandwidth-delay product), 1500-byte MSS, delayed ACKs, NewReno, bulk, 60 s. ' +
      'Cross traffic on the wired link: 30 UDP Pareto ON/OFF sources, shape 1.5, mean ON 100 ms / OFF 200 ms, 1500-byte packets at 100 kb/s while ON (on average half of C_SN). ' +
      'The paper also runs C_SN = 5 and 10 Mb/s (then R_UDP = C_SN / 20), and PER 1e-5 … 1e-1; delete `cross` for its no-cross-traffic scenario. ' +
      'Our choices (paper silent): PER 1 %, the 49 ms / 0.01 ms delay split (from its §4). ' +
      'The paper compares NewReno-LP, NewReno, Westwood+ and NewReno-Ideal-LP.',
    durationS: 60,
    seed: 1,
    path: lpPath([{ kind: 'bernoulli', per: PER }]),
    flows: [lpFlow()],
    cross: [
      {
        id: 'udp',
        kind: 'pareto-onoff',
        direction: 'forward',
        fromLink: 0,
        toLink: 0,
        startS: 0,
        sources: UDP_SOURCES,
        shape: 1.5,
        meanOnMs: UDP_MEAN_ON_MS,
        meanOffMs: UDP_MEAN_OFF_MS,
        rateBps: UDP_RATE_BPS,
        packetBytes: 1500,
      },
    ],
  },
  compare: ['newreno-lp', 'newreno', 'westwood-plus', 'newreno-ideal-lp'],
};
