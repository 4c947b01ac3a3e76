/**
 * TCP-Real's receiver (Zhang & Tsaoussidis, NOSSDAV 2001, §2.2): it times every wave of data,
 * turns the wave's receiving rate into the next wave level with the rate-ratio rule
 *
 *     next_wave_level = current_wave_level · (preserve_weight + adjust_weight · rate_ratio),
 *     preserve_weight + adjust_weight = 1,  rate_ratio = current_rate / previous_rate,
 *
 * and writes that level into every ACK (the 4-byte TCP_REAL option). A wave of level i is 2·i
 * segments, levels 1..24 (§3). The wave-decision timer (2 × the wave's expected receiving time:
 * its expected size over the previous rate) catches waves whose end never arrives; on expiry the
 * level threshold becomes half the wave's level, and the wave is decided when the next segment
 * arrives, over the time it took to get there.
 *
 * The segment tag (what the sender writes in each data segment, `encodeWaveTag`): wave number w,
 * the wave's level i and the segment's index k within the wave, as tag = (w·32 + i)·64 + k.
 * Segment 2·i − 1 is the wave's last; a round in which the sender learned a higher level holds
 * more (k is capped at 63), and their arrival closes the wave too if its last segment was lost.
 * On the wire i (5 bits) and k (6 bits) fit a 2-byte option content with 5 bits of w to spare —
 * the receiver only ever compares a wave with the one it is timing, so w mod 32 would do; the
 * simulation keeps the whole number for readable traces.
 *
 * Reconstruction and deviations (the paper's Figure 1, the weight table, is not in our text):
 * - Weights (tunable, `REAL_DEFAULTS`): the paper's qualitative rule — increase aggressively
 *   below the threshold (adjust weight 1), conservatively at or above it (¼); decrease
 *   aggressively at or above it (1), conservatively below it (½).
 * - A rate that did not fall (ratio ≥ 1 − tolerance) also grows the level by at least a probe
 *   step — ×2 up to the threshold below it, +1 at or above it — as §2.2's "paradigm of Slow
 *   Start and Congestion Avoidance" suggests. Without it the rule has a fixed point at every
 *   level: a lone flow's waves always arrive at the bottleneck rate, so the ratio stays 1 and
 *   the level would never leave 1. The first wave (no previous rate) takes the probe step.
 * - Rate = (index span of the segments timed) · MSS / (t_l − t_f): the first and last segment of
 *   a complete wave are 2·i − 1 inter-arrival gaps apart, so we divide 2·i − 1 segments by the
 *   receiving time (packet-train dispersion). The paper's literal "wave size over receiving
 *   time" would overstate a 2-segment wave twice and make every increase look like a rate fall.
 *   Lost segments still count (§2.2: the expected, not the received, size): the span runs over
 *   indices, whether or not the segments between arrived.
 * - A segment of a newer wave closes the wave being timed at once, measured up to its last
 *   segment that did arrive: our receiver reads wave numbers from the tag, so it need not wait
 *   for the timer when the sender has visibly moved on. The timer therefore fires only when
 *   nothing newer arrives either — an outage, a handoff, a stalled sender: the cases where §2.2
 *   says the sender needs the information most.
 * - A wave decided on a timeout is measured as its expected remaining segments (2·i − 1 − the
 *   first index timed) over the time until the segment after the expiry arrived. The previous
 *   rate then is that (low) rate, so the first wave after an outage shows a large ratio and the
 *   level jumps back up (§2.1: "adjusts rapidly upwards … when the timeout was caused by
 *   transient random errors").
 * - "Current wave level" is the level the timed wave was sent with (from its tag), and only a
 *   wave sent at the level the receiver advertises now moves the level: the decision for wave w
 *   reaches the sender while wave w + 1 is already out at the old level, and deciding on that
 *   one would revive the superseded level. Such a wave is traced as 'hold' and does not become
 *   the previous rate. A timed-out wave is always decided.
 * - A wave below both the advertised level and the level of the last decided wave comes from a
 *   sender that backed off on a retransmission timeout (§2.2's bit clear: cwnd = 2 segments,
 *   level 1). §2.1: "upon a timeout TCP-Real always backs off as Tahoe and Reno, but adjusts
 *   rapidly upwards to the appropriate wave level when the timeout was caused by transient
 *   random errors" — the way up is the receiver's decision on the waves sent after the timeout.
 *   So the receiver advertises that wave's level from its first segment on and decides on it.
 *   Holding it as superseded would keep the pre-timeout level in the ACKs of the go-back-N
 *   train, and the sender, which sets cwnd from every ACK, would go straight back to it: windows
 *   far larger than the queue after every timeout. The rate ratio alone decides how far a wave
 *   level rises (capping the rise at the threshold contradicts §2.1's "adjusts rapidly
 *   upwards"), and the pre-timeout level is not restored on a first wave showing no rate fall: a
 *   two-segment wave is timed at the bottleneck's line rate (packet-pair dispersion), so its
 *   rate never looks like a fall. What these choices cost and gain: docs/engine.md.
 * - The first increase after a wave-decision timeout stops at the level of the wave that stalled:
 *   §2.1's "adjusts rapidly upwards to the appropriate wave level", the level the path carried
 *   before the stall. The ratio that drives the jump compares a wave timed at the bottleneck's
 *   line rate with a rate diluted by the stall (a second or more of a sender timeout), so it says
 *   how long the stall was, not how much the path can take; without the stop, lp-uncorrelated's
 *   flow jumped from level 1 to 12–13 after timeouts of level-8 waves, overflowed the 17-packet
 *   queue shared with the UDP sources and timed out again. Where the path has room above the
 *   stalled level the jump past it would be free goodput, which the stop gives up (docs/engine.md).
 * - Threshold on a timeout: half the level of the wave that stalled ("the wave level prior to
 *   the timeout"; the advertised level may already be a later decision the sender never used).
 *   Initially the top level, as RFC 5681's initial ssthresh is the receiver window. Until the
 *   first decision the receiver advertises the level of the wave it is timing.
 * - Only one wave is timed at a time; segments of older waves are not timed.
 */
import type { WaveDecision, WaveRecord } from '../../tables/wave.ts';
import type { ArrivingSegment, ReceiverAgent, ReceiverView } from './types.ts';

/** Levels 1..24 (§3): the largest window is 48 segments. */
export const REAL_MAX_LEVEL = 24;
/** The TCP_REAL option is four bytes long (§2.2); data segments carry the same option for their wave tag. */
export const REAL_OPTION_BYTES = 4;

const LEVEL_SLOTS = 32;
const INDEX_SLOTS = 64;

/** The data-segment tag: wave w, its level i, the segment's index k in it (see the header). */
export function encodeWaveTag(wave: number, level: number, index: number): number {
  return (wave * LEVEL_SLOTS + level) * INDEX_SLOTS + index;
}

export function decodeWaveTag(tag: number): { wave: number; level: number; index: number } {
  const index = tag % INDEX_SLOTS;
  const rest = (tag - index) / INDEX_SLOTS;
  const level = rest % LEVEL_SLOTS;
  return { wave: (rest - level) / LEVEL_SLOTS, level, index };
}

export interface RealTunables {
  /** Highest wave level (the window is 2·level segments). */
  maxLevel: number;
  /** Threshold level before the first wave-decision timeout. */
  initialThresholdLevel: number;
  /** Adjust weights (preserve weight = 1 − adjust weight) by direction and level vs threshold. */
  increaseWeightBelow: number;
  increaseWeightAtOrAbove: number;
  decreaseWeightAtOrAbove: number;
  decreaseWeightBelow: number;
  /** A rate ratio at or above 1 − this counts as "did not fall" (measurement noise). */
  rateTolerance: number;
  /** Wave-decision timer = this × expected size / previous rate (§2.2: 2). */
  timerFactor: number;
  /** Wave-decision timer while there is no previous rate (the first wave), ns. */
  firstWaveTimerNs: number;
}

export const REAL_DEFAULTS: RealTunables = {
  maxLevel: REAL_MAX_LEVEL,
  initialThresholdLevel: REAL_MAX_LEVEL,
  increaseWeightBelow: 1,
  increaseWeightAtOrAbove: 0.25,
  decreaseWeightAtOrAbove: 1,
  decreaseWeightBelow: 0.5,
  rateTolerance: 0.1,
  timerFactor: 2,
  // As RFC 6298's initial RTO: the receiver has no rate to scale by yet.
  firstWaveTimerNs: 1e9,
};

/**
 * The rate-ratio rule with the reconstructed weight table. `ratio` null = no previous rate.
 * Returns the next level (rounded, clamped to 1..maxLevel) and how it compares with `level`.
 */
export function nextWaveLevel(level: number, ratio: number | null, thresholdLevel: number, t: RealTunables = REAL_DEFAULTS): { next: number; decision: WaveDecision } {
  const below = level < thresholdLevel;
  let next: number;
  if (ratio !== null && ratio < 1 - t.rateTolerance) {
    const a = below ? t.decreaseWeightBelow : t.decreaseWeightAtOrAbove;
    next = level * (1 - a + a * ratio);
  } else {
    const a = below ? t.increaseWeightBelow : t.increaseWeightAtOrAbove;
    const byRate = ratio === null ? level : level * (1 - a + a * ratio);
    const probe = below ? Math.min(2 * level, thresholdLevel) : level + 1;
    next = Math.max(byRate, probe);
  }
  next = Math.min(t.maxLevel, Math.max(1, Math.round(next)));
  return { next, decision: next > level ? 'increase' : next < level ? 'decrease' : 'hold' };
}

/** The wave being timed. */
interface OpenWave {
  wave: number;
  level: number;
  firstIndex: number;
  tfNs: number;
  /** Highest index that arrived, and when. */
  lastIndex: number;
  tlNs: number;
  timedOut: boolean;
  timerId: number;
}

export class RealReceiverAgent implements ReceiverAgent {
  readonly ackOptionBytes = REAL_OPTION_BYTES;
  readonly waveRecords: WaveRecord[] = [];
  private readonly t: RealTunables;
  /** The level every ACK carries. */
  private levelAdvertised = 1;
  private decided = false;
  private thresholdLevel: number;
  /** Receiving rate of the last decided wave, bits/s; 0 = none yet. */
  private prevRateBps = 0;
  /** Level of the last wave decided on: the level the sender was using before it learned the advertised one. */
  private lastDecidedLevel = 0;
  private open: OpenWave | null = null;
  private lastClosedWave = -1;
  private timerGen = 0;
  /** Level of the wave that stalled at the last wave-decision timeout; the next increase stops there (0 = none pending). */
  private ceilingLevel = 0;

  constructor(tunables: Partial<RealTunables> = {}) {
    this.t = { ...REAL_DEFAULTS, ...tunables };
    this.thresholdLevel = this.t.initialThresholdLevel;
  }

  /** For panels and tests: what the receiver currently believes. */
  get state(): { levelAdvertised: number; thresholdLevel: number; lastRateBps: number } {
    return { levelAdvertised: this.levelAdvertised, thresholdLevel: this.thresholdLevel, lastRateBps: this.prevRateBps };
  }

  onSegment(r: ReceiverView, s: ArrivingSegment): void {
    if (s.tag < 0) return;
    const { wave, level, index } = decodeWaveTag(s.tag);
    const now = r.nowNs;
    const w = this.open;
    if (w !== null) {
      if (w.timedOut) this.close(r, w, now, true);
      else if (wave > w.wave) this.close(r, w, w.tlNs, false);
      else {
        if (wave === w.wave && index > w.lastIndex) {
          w.lastIndex = index;
          w.tlNs = now;
          if (index >= 2 * w.level - 1) this.close(r, w, now, false);
        }
        return;
      }
    }
    if (wave <= this.lastClosedWave) return;
    if (!this.decided) this.levelAdvertised = Math.min(this.t.maxLevel, Math.max(1, level));
    // The sender backed off on a timeout (see the header): its level, not the advice it dropped.
    else if (level < this.levelAdvertised && level < this.lastDecidedLevel) this.levelAdvertised = level;
    const timerId = ++this.timerGen;
    const opened: OpenWave = { wave, level, firstIndex: index, tfNs: now, lastIndex: index, tlNs: now, timedOut: false, timerId };
    this.open = opened;
    if (index >= 2 * level - 1) {
      // Only the wave's last segment arrived: nothing to time.
      this.close(r, opened, now, false);
      return;
    }
    const expectedBits = 2 * level * r.mssBytes * 8;
    r.setTimer(this.prevRateBps > 0 ? (this.t.timerFactor * expectedBits * 1e9) / this.prevRateBps : this.t.firstWaveTimerNs, timerId);
  }

  ackOption(): number {
    return this.levelAdvertised;
  }

  onTimer(r: ReceiverView, id: number): void {
    const w = this.open;
    if (w === null || w.timedOut || w.timerId !== id) return;
    w.timedOut = true;
    // §2.2: "the threshold is set to half the wave level prior to the timeout": the level of the
    // wave that stalled (the advertised one may already be a later decision the sender never used).
    this.thresholdLevel = Math.max(1, Math.floor(w.level / 2));
    this.ceilingLevel = w.level;
    this.waveRecords.push({
      wave: w.wave,
      level: w.level,
      tfNs: w.tfNs,
      tlNs: -1,
      rateBps: 0,
      ratio: 0,
      decision: 'timeout',
      nextLevel: this.levelAdvertised,
      thresholdLevel: this.thresholdLevel,
    });
  }

  /** Measure the wave up to tlNs, decide the next level, record it for the trace. */
  private close(r: ReceiverView, w: OpenWave, tlNs: number, timedOut: boolean): void {
    const span = timedOut ? 2 * w.level - 1 - w.firstIndex : w.lastIndex - w.firstIndex;
    const rateBps = span >= 1 && tlNs > w.tfNs ? (span * r.mssBytes * 8 * 1e9) / (tlNs - w.tfNs) : 0;
    const ratio = rateBps > 0 && this.prevRateBps > 0 ? rateBps / this.prevRateBps : null;
    let decision: WaveDecision = 'hold';
    // A wave sent before the sender learned the advertised level says nothing about that level:
    // deciding on it would revive the superseded level. A timed-out wave is always decided.
    const stale = this.decided && !timedOut && w.level !== this.levelAdvertised;
    if (rateBps > 0 && !stale) {
      this.lastDecidedLevel = w.level;
      const d = nextWaveLevel(w.level, ratio, this.thresholdLevel, this.t);
      decision = d.decision;
      this.levelAdvertised = d.next;
      if (this.ceilingLevel > 0 && d.next > w.level) {
        // The first rise after a stall goes back to the stalled wave's level, not past it (header).
        this.levelAdvertised = Math.min(d.next, Math.max(this.ceilingLevel, w.level));
        if (this.levelAdvertised === w.level) decision = 'hold';
        this.ceilingLevel = 0;
      }
      this.prevRateBps = rateBps;
      this.decided = true;
    }
    this.waveRecords.push({
      wave: w.wave,
      level: w.level,
      tfNs: w.tfNs,
      tlNs,
      rateBps,
      ratio: ratio ?? 0,
      decision,
      nextLevel: this.levelAdvertised,
      thresholdLevel: this.thresholdLevel,
    });
    this.lastClosedWave = w.wave;
    this.open = null;
  }
}
