/**
 * What the delay-based AQMs (CoDel, FQ-CoDel, PIE, DualPI2) keep alike: the packet limit a timed
 * change may move, the link's drop and mark callbacks, the counters of their own drops and
 * marks. Each queue extends this and keeps only its own algorithm.
 */
import type { DropCause } from '../core/trace.ts';
import type { Packet } from './packet.ts';

export abstract class AqmBook {
  onMark: ((p: Packet) => void) | null = null;
  onDrop: ((p: Packet, cause: DropCause) => void) | null = null;
  /** Packets the AQM itself dropped and marked (not tail drops at the limit). */
  drops = 0;
  marks = 0;
  protected limitNow: number;

  constructor(limitPackets: number) {
    this.limitNow = limitPackets;
  }

  get limitPackets(): number {
    return this.limitNow;
  }
  setLimit(limitPackets: number): void {
    this.limitNow = limitPackets;
  }

  /** A packet the queue had accepted and the AQM now drops: counted and handed to the link. */
  protected dropAccepted(p: Packet): void {
    this.drops++;
    this.onDrop?.(p, 'aqm-drop');
  }

  /**
   * Mark instead of drop: false for a packet that is not ECN-capable (it must be dropped). A
   * packet already CE counts as marked here but is not reported again (the link counts marks
   * of packets that were not marked before).
   */
  protected markEct(p: Packet): boolean {
    if (!p.ect) return false;
    this.marks++;
    this.setCe(p);
    return true;
  }

  /** Set CE, telling the link the first time. */
  protected setCe(p: Packet): void {
    if (p.ce) return;
    p.ce = true;
    this.onMark?.(p);
  }
}
