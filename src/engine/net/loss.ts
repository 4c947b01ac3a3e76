/**
 * Error models: decide whether a packet that finished transmission arrives corrupted.
 *
 * - Bernoulli: each packet independently lost with probability `per`.
 * - Gilbert–Elliott: a two-state continuous-time Markov channel (exponential sojourns, a PER
 *   per state) — the papers' ON/OFF, Good/Bad and handoff settings.
 * - Blackout: a deterministic outage window (a handoff at a given time).
 * A link direction composes any number of them: a packet is lost if any model loses it, and
 * the first model in the list that does names the cause.
 *
 * Common random numbers: a state-based channel draws its timeline from its own stream and
 * changes state on its own scheduled events, so the timeline is a function of seed and time
 * only. Two runs that differ only in the TCP variant see exactly the same good/bad/off periods;
 * only the per-packet draws (a separate stream) depend on the traffic.
 */
import type { ErrorModelKind, ErrorModelOf } from '../../scenario/error-models.ts';
import type { RandomStream } from '../core/rng.ts';
import { sToNs, type EventId, type Handler, type Simulator } from '../core/simulator.ts';
import { CHANNEL_STATES, type ChannelState, type DropCause } from '../core/trace.ts';
import type { Packet } from './packet.ts';

/** The packet error rates a timed change may set (which ones a model has depends on its kind). */
export type PerKey = 'per' | 'perGood' | 'perBad';

export interface ErrorModel {
  /** Called once per packet at the end of its transmission; a cause means it is lost. */
  corrupts(p: Packet, nowNs: number): DropCause | null;
  /** The channel state now, for models that have one. */
  readonly state?: ChannelState;
  /**
   * A timed change of one of its packet error rates: packets from now on draw against it. The
   * draws themselves go on from the same stream (one per packet whatever the rate), and the
   * state timeline is untouched.
   */
  setPer(key: PerKey, per: number): void;
  /** A timed change replaced the model: its scheduled state changes are cancelled. */
  retire(): void;
}

/** Each packet independently lost with probability `per` (cause `channel-error`). */
export class BernoulliLoss implements ErrorModel {
  constructor(
    private per: number,
    private readonly rng: RandomStream,
  ) {}
  corrupts(): DropCause | null {
    return this.rng.bernoulli(this.per) ? 'channel-error' : null;
  }
  setPer(key: PerKey, per: number): void {
    if (key === 'per') this.per = per;
  }
  retire(): void {}
}

export interface GilbertElliottParams {
  meanGoodNs: number;
  meanBadNs: number;
  perGood: number;
  perBad: number;
  /** What the bad state means: a fading channel (`bad`, losses `channel-error`) or a handoff/OFF phase (`off`, losses `handoff`). */
  badState: 'bad' | 'off';
  startState: 'good' | 'bad';
}

/**
 * Gilbert–Elliott channel. Sojourn times are exponential with the given means (rounded to
 * whole ns, at least 1 ns); the state flips on a scheduled event, never on a packet.
 */
export class GilbertElliottLoss implements ErrorModel {
  private good: boolean;
  private readonly p: GilbertElliottParams;
  private pending: EventId = -1;
  /** Time the current sojourn began, for the time-in-state statistics. */
  private enteredNs = 0;
  private goodTimeNs = 0;
  private badTimeNs = 0;
  /** Completed sojourns per state, for the statistics. */
  goodSojourns = 0;
  badSojourns = 0;

  private readonly flip: Handler<null> = {
    fire: () => {
      const now = this.sim.now();
      if (this.good) {
        this.goodTimeNs += now - this.enteredNs;
        this.goodSojourns++;
      } else {
        this.badTimeNs += now - this.enteredNs;
        this.badSojourns++;
      }
      this.good = !this.good;
      this.enteredNs = now;
      this.scheduleFlip();
      this.onChange();
    },
  };

  constructor(
    params: GilbertElliottParams,
    /** Draws the state timeline only. */
    private readonly stateRng: RandomStream,
    /** Draws the per-packet losses only. */
    private readonly packetRng: RandomStream,
    private readonly sim: Simulator,
    private readonly onChange: () => void,
  ) {
    this.p = { ...params }; // own copy: timed changes set its rates
    this.good = params.startState === 'good';
    this.enteredNs = sim.now();
    this.scheduleFlip();
  }

  setPer(key: PerKey, per: number): void {
    if (key === 'perGood') this.p.perGood = per;
    else if (key === 'perBad') this.p.perBad = per;
  }

  retire(): void {
    this.sim.cancel(this.pending);
  }

  get state(): ChannelState {
    return this.good ? 'good' : this.p.badState;
  }

  corrupts(): DropCause | null {
    const per = this.good ? this.p.perGood : this.p.perBad;
    if (!this.packetRng.bernoulli(per)) return null;
    return !this.good && this.p.badState === 'off' ? 'handoff' : 'channel-error';
  }

  /** Time spent in each state up to `nowNs` (the current sojourn included). */
  timeInStateNs(nowNs: number): { good: number; bad: number } {
    const current = nowNs - this.enteredNs;
    return { good: this.goodTimeNs + (this.good ? current : 0), bad: this.badTimeNs + (this.good ? 0 : current) };
  }

  private scheduleFlip(): void {
    const mean = this.good ? this.p.meanGoodNs : this.p.meanBadNs;
    this.pending = this.sim.schedule(Math.max(1, Math.round(this.stateRng.exponential(mean))), this.flip, null);
  }
}

/**
 * A deterministic outage [atNs, atNs + durationNs): packets lost with probability `per` (cause
 * `handoff`). Times are the scenario's: made by a timed change later than atNs, it starts off if
 * the window is under way and does nothing if it is over.
 */
export class BlackoutLoss implements ErrorModel {
  private off = false;
  private readonly pending: EventId[] = [];

  constructor(
    atNs: number,
    durationNs: number,
    private per: number,
    private readonly rng: RandomStream,
    private readonly sim: Simulator,
    onChange: () => void,
  ) {
    const set = (off: boolean): Handler<null> => ({
      fire: () => {
        this.off = off;
        onChange();
      },
    });
    const now = sim.now();
    const endNs = atNs + durationNs;
    if (atNs >= now) this.pending.push(sim.scheduleAt(atNs, set(true), null), sim.scheduleAt(endNs, set(false), null));
    else if (endNs > now) {
      this.off = true;
      this.pending.push(sim.scheduleAt(endNs, set(false), null));
    }
  }

  setPer(key: PerKey, per: number): void {
    if (key === 'per') this.per = per;
  }

  retire(): void {
    for (const id of this.pending) this.sim.cancel(id);
  }

  get state(): ChannelState {
    return this.off ? 'off' : 'good';
  }

  corrupts(): DropCause | null {
    return this.off && this.rng.bernoulli(this.per) ? 'handoff' : null;
  }
}

/** Several models on one link direction: lost if any loses it; the link's state is the worst. */
export class ComposedLoss implements ErrorModel {
  constructor(readonly models: readonly ErrorModel[]) {}

  get state(): ChannelState {
    let worst = 0;
    for (const m of this.models) if (m.state !== undefined) worst = Math.max(worst, CHANNEL_STATES.indexOf(m.state));
    return CHANNEL_STATES[worst];
  }

  corrupts(p: Packet, nowNs: number): DropCause | null {
    // Every model draws for every packet, so one model's draws never depend on another's verdict.
    let cause: DropCause | null = null;
    for (const m of this.models) {
      const c = m.corrupts(p, nowNs);
      if (cause === null) cause = c;
    }
    return cause;
  }

  get hasState(): boolean {
    return this.models.some((m) => m.state !== undefined);
  }

  /** `key` is a rate of the model at `index` in the list (validation checked it has it). */
  setPer(key: PerKey, per: number, index = 0): void {
    this.models[index].setPer(key, per);
  }

  retire(): void {
    for (const m of this.models) m.retire();
  }
}

/** What a factory gets besides its model's fields. */
export interface ErrorModelContext {
  /** The model's per-packet draws. */
  packets: RandomStream;
  /** A stream of the model's own besides `packets`, by suffix (`state`): a timeline's draws. */
  stream(suffix: string): RandomStream;
  sim: Simulator;
  /** For models with a channel state: call when it changes, so the link's state is traced. */
  onChange: () => void;
}

/**
 * How each declared kind (src/scenario/error-models.ts) is built; the type makes a kind without
 * a factory a compile error.
 */
export const ERROR_MODEL_FACTORIES: { [K in ErrorModelKind]: (spec: ErrorModelOf<K>, c: ErrorModelContext) => ErrorModel } = {
  bernoulli: (e, c) => new BernoulliLoss(e.per, c.packets),
  'gilbert-elliott': (e, c) =>
    new GilbertElliottLoss(
      { meanGoodNs: sToNs(e.meanGoodS), meanBadNs: sToNs(e.meanBadS), perGood: e.perGood, perBad: e.perBad, badState: e.badState, startState: e.startState },
      c.stream('state'),
      c.packets,
      c.sim,
      c.onChange,
    ),
  blackout: (e, c) => new BlackoutLoss(sToNs(e.atS), sToNs(e.durationS), e.per, c.packets, c.sim, c.onChange),
};
