/**
 * TCP-Probing grafted onto Reno (Tsaoussidis & Lahanas, Computer Communications 2002, §3): Reno's
 * window algorithm with the suspend–probe–decide device as its loss recovery
 * (recovery/probing.ts, which documents the device and our reconstructions). The device takes
 * the place of the scenario's recovery; the variant passes it the probe replies and the probe
 * timer, and reports its RTT statistics as estimates.
 */
import { classicPhase, classicSnapshot, renoGrowth, renoSsthresh } from './common.ts';
import { createProbingDevice, type ProbingBase } from '../recovery/probing.ts';
import type { CcPlugin, CongestionControl, Snapshot } from './types.ts';

/** A TCP-Probing instance for one flow, grafted onto `base`. */
export function createProbing(base: ProbingBase): CongestionControl {
  const device = createProbingDevice(base);
  return {
    recovery: device,
    probeRecords: device.records,
    congAvoid(c, a) {
      c.cwndBytes = renoGrowth(c, a);
    },
    ssthresh: (c) => renoSsthresh(c),
    onProbeAck: (c, kind, id) => device.onProbeAck(c, kind, id),
    onTimer: (c, id) => device.onTimer(c, id),
    estimates: [
      { key: 'acprttMs', label: 'acprtt', unit: 'ms', read: () => device.stats.acprttNs / 1e6 },
      { key: 'bestProbeRttMs', label: 'best probe RTT', unit: 'ms', read: () => device.stats.bestNs / 1e6 },
      { key: 'worstProbeRttMs', label: 'worst probe RTT', unit: 'ms', read: () => device.stats.worstNs / 1e6 },
    ],
    inspect(c): Snapshot {
      return { ...classicSnapshot(c), ...device.snapshot(c, classicPhase(c)) };
    },
  };
}

export const probing: CcPlugin = {
  name: 'probing',
  create: () => createProbing('reno'),
};
