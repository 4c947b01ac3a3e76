import type { Preset } from './types.ts';
import { lpFlow, lpPath } from './lp-common.ts';

/**
 * NewReno-LP §3 / §5.2 (Fig. 6a): correlated wireless losses — a two-state Markov channel, mean
 * Good 1 s / Bad 0.05 s, no loss in Good, PER in Bad swept 0 … 100 % (50 % here) — on the Fig. 1
 * topology without cross traffic. §5.2 speaks of "wireless link capacities equal to 2 and
 * 5 Mbit/s"; we read them as C_SN of the same topology (C_ND stays 10 Mb/s as in §5.1).
 */
const PER_BAD = 0.5;

export const lpCorrelated: Preset = {
  name: 'lp-correlated',
  group: 'NewReno-LP (Martignon & Fratta)',
  description: 'Fading bursts (50 ms bad spells about once a second) on a wireless last hop: how much does a loss predictor help when losses come in clusters?',
  scenario: {
    version: 4,
    name: 'lp-correlated',
    description:
      'NewReno-LP §3/§5.2 (Fig. 1): S –[100 Mb/s, 1 ms]– router –[wired C_SN 2 Mb/s, 49 ms]– N –[wireless C_ND 10 Mb/s, 0.01 ms]– D; ' +
      'wireless data path: Gilbert–Elliott, mean Good 1 s (no loss) / Bad 0.05 s with PER 0.5. ' +
      'RTT 100 ms, every router queue 17 packets (bandwidth-delay product), 1500-byte MSS, delayed ACKs, NewReno, bulk, 60 s, no cross traffic. ' +
      'The paper also runs 5 Mb/s and sweeps the Bad-state PER 0 … 1. ' +
      'Our choices (paper silent): PER in Bad 0.5, the 49 ms / 0.01 ms delay split (from its §4). ' +
      'The paper compares NewReno-LP, NewReno, Westwood+ and NewReno-Ideal-LP.',
    durationS: 60,
    seed: 1,
    path: lpPath([{ kind: 'gilbert-elliott', meanGoodS: 1, meanBadS: 0.05, perGood: 0, perBad: PER_BAD, badState: 'bad', startState: 'good' }]),
    flows: [lpFlow()],
  },
  compare: ['newreno-lp', 'newreno', 'westwood-plus', 'newreno-ideal-lp'],
};
