/** Builds the delay-based AQMs (CoDel, FQ-CoDel, PIE, DualPI2) from their scenario specs: ms → ns. */
import type { Rng } from '../core/rng.ts';
import type { QueueSpec } from '../../scenario/schema.ts';
import { CodelQueue } from '../net/codel.ts';
import { DualPi2Queue } from '../net/dualpi2.ts';
import { FqCodelQueue } from '../net/fq-codel.ts';
import { PieQueue } from '../net/pie.ts';
import type { QueueDisc } from '../net/queue.ts';

const ms = (v: number): number => Math.round(v * 1e6);

export type AqmSpec = Extract<QueueSpec, { kind: 'codel' | 'fq-codel' | 'pie' | 'dualpi2' }>;

export function aqmQueueDisc(q: AqmSpec, linkId: string, rng: Rng): QueueDisc {
  switch (q.kind) {
    case 'codel':
      return new CodelQueue({ limitPackets: q.limitPackets, targetNs: ms(q.targetMs), intervalNs: ms(q.intervalMs), ecn: q.ecn });
    case 'fq-codel':
      return new FqCodelQueue(
        { limitPackets: q.limitPackets, targetNs: ms(q.targetMs), intervalNs: ms(q.intervalMs), ecn: q.ecn, flows: q.flows, quantumBytes: q.quantumBytes },
        // The hash perturbation: one draw from the link's own stream, so it depends on the seed only.
        rng.stream(`${linkId}:fq-hash`).nextUint32(),
      );
    case 'pie':
      return new PieQueue(
        {
          limitPackets: q.limitPackets,
          targetNs: ms(q.targetMs),
          tUpdateNs: ms(q.tUpdateMs),
          alpha: q.alpha,
          beta: q.beta,
          maxBurstNs: ms(q.maxBurstMs),
          ecn: q.ecn,
          maxEcnTh: q.maxEcnTh,
          meanPacketBytes: q.meanPacketBytes,
        },
        rng.stream(`${linkId}:pie`),
      );
    case 'dualpi2':
      return new DualPi2Queue(
        {
          limitPackets: q.limitPackets,
          targetNs: ms(q.targetMs),
          tUpdateNs: ms(q.tUpdateMs),
          alpha: q.alpha,
          beta: q.beta,
          k: q.k,
          minThNs: ms(q.minThMs),
          rangeNs: ms(q.rangeMs),
          thLenPackets: q.thLenPackets,
          tshiftNs: ms(q.tshiftMs),
          ecn: q.ecn,
        },
        rng.stream(`${linkId}:dualpi2`),
      );
  }
}
