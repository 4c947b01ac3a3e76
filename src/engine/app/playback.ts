/**
 * Playback application at the receiver — TCP-Real §3 (VREAL): "our application attempts to read
 * and consume 5KB each time, 25 times a second" (1 Mb/s: 5 KB = 5000 B every 40 ms; 100 ms was
 * also tested); "the percentage of the application successful attempts to read 5KB from the
 * playback buffer" is the real-time metric.
 *
 * Reads happen at startNs + k·periodNs (k = 0, 1, …) from the in-order bytes TCP has handed up
 * (the caller reports them with onDeliver). Our readings where the paper is silent:
 * - A failed read takes nothing: TCP is reliable, so the bytes that were there stay for the next
 *   attempt and nothing of the stream is lost; the attempt simply did not find 5 KB. The reading
 *   clock does not slip (the next attempt is still one period later). Taking a partial 5 KB would
 *   not be "a successful attempt to read 5KB" and would only make later reads fail more.
 * - Reads stop once all of the flow's totalBytes have been read, so a finished transfer does not
 *   pile up failures; the last read may be shorter than readBytes (whatever remains of the
 *   stream) and succeeds if that much is buffered. With totalBytes = Infinity reads go on until
 *   stopNs (or the end of the run).
 * - A delivery at the very time of a read counts for it only if its event runs first (events at
 *   one time run in scheduling order).
 */
import type { Handler, Simulator } from '../core/simulator.ts';
import type { TraceSink } from '../core/trace.ts';

export interface PlaybackParams {
  /** X: bytes per read (paper: 5 KB = 5000 B, i.e. 1 Mb/s at 40 ms). */
  readBytes: number;
  /** T: time between reads (paper: 40 ms and 100 ms). */
  periodNs: number;
  /** Time of the first read. */
  startNs: number;
  /** The whole stream; reading stops when it has all been read (Infinity allowed). */
  totalBytes: number;
  /** No read at or after this time (default never). */
  stopNs?: number;
}

export class Playback {
  reads = 0;
  successes = 0;
  /** In-order bytes delivered but not read yet. */
  bufferedBytes = 0;
  /** Bytes read so far (successful reads only). */
  readSoFarBytes = 0;
  private started = false;

  private readonly onRead: Handler<null> = { fire: () => this.read() };

  constructor(
    private readonly sim: Simulator,
    private readonly params: PlaybackParams,
    private readonly trace: TraceSink,
    private readonly flow: number,
  ) {
    const { readBytes, periodNs, startNs, totalBytes } = params;
    if (!(Number.isInteger(readBytes) && readBytes > 0)) {
      throw new RangeError(`playback: read size ${readBytes} B must be a positive whole number`);
    }
    if (!(Number.isInteger(periodNs) && periodNs > 0)) {
      throw new RangeError(`playback: period ${periodNs} ns must be a positive whole number`);
    }
    if (!(Number.isInteger(startNs) && startNs >= 0)) throw new RangeError(`playback: start ${startNs} ns must be a whole number ≥ 0`);
    if (!(totalBytes >= 0)) throw new RangeError(`playback: total ${totalBytes} B must be ≥ 0`);
  }

  /** Schedule the first read at startNs (≥ now). Call once. */
  start(): void {
    if (this.started) throw new Error('playback started twice');
    this.started = true;
    this.scheduleRead(this.params.startNs);
  }

  /** New in-order bytes reached the application. */
  onDeliver(bytes: number): void {
    this.bufferedBytes += bytes;
  }

  /** Percentage of reads that found enough data; null before the first read. */
  successPct(): number | null {
    return this.reads > 0 ? (100 * this.successes) / this.reads : null;
  }

  /** All of totalBytes has been read: no more reads. */
  get finished(): boolean {
    return this.readSoFarBytes >= this.params.totalBytes;
  }

  private read(): void {
    const wantBytes = Math.min(this.params.readBytes, this.params.totalBytes - this.readSoFarBytes);
    const ok = this.bufferedBytes >= wantBytes;
    this.reads++;
    if (ok) {
      this.successes++;
      this.bufferedBytes -= wantBytes;
      this.readSoFarBytes += wantBytes;
    }
    const now = this.sim.now();
    this.trace.playback(now, this.flow, ok, this.bufferedBytes);
    this.scheduleRead(now + this.params.periodNs);
  }

  private scheduleRead(atNs: number): void {
    if (this.finished || atNs >= (this.params.stopNs ?? Number.POSITIVE_INFINITY)) return;
    this.sim.scheduleAt(atNs, this.onRead, null);
  }
}
