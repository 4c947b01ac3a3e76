/**
 * Error models: decide whether a packet that finished transmission arrives corrupted. The full
 * set (Gilbert–Elliott, handoff blackouts, composition) comes with the path-model work; this is
 * the minimal forward-path Bernoulli loss the analytic yardsticks need.
 */
import type { RandomStream } from '../core/rng.ts';
import type { DropCause } from '../core/trace.ts';
import type { Packet } from './packet.ts';

export interface ErrorModel {
  /** Called once per packet at the end of its transmission; a cause means it is lost. */
  corrupts(p: Packet, nowNs: number): DropCause | null;
}

/** Each packet independently lost with probability `per` (cause `channel-error`). */
export class BernoulliLoss implements ErrorModel {
  constructor(
    private readonly per: number,
    private readonly rng: RandomStream,
  ) {}
  corrupts(): DropCause | null {
    return this.rng.bernoulli(this.per) ? 'channel-error' : null;
  }
}
