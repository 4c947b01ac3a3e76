/**
 * The kernel's socket samples as the shipped ones are written (public/samples/*.tcpinfo.csv): a CSV with a header, one row per
 * `getsockopt(TCP_INFO)` sample (the fields `ss -ti` prints), `t_s` in seconds since connect()
 * returned. Streaming: text goes in by chunks of any size, only the unfinished last line is kept.
 * Units follow `struct tcp_info`: windows in segments, RTTs in µs, rates in bytes per second.
 */

/** Columns read, by their names in the file; only `t_s` and `snd_cwnd` are required. */
export const SAMPLE_FIELDS = [
  't_s',
  'snd_cwnd',
  'snd_ssthresh',
  'rtt_us',
  'rttvar_us',
  'total_retrans',
  'bytes_acked',
  'ca_state',
  'unacked',
  'sacked',
  'lost',
  'retrans',
  'delivery_rate',
  'pacing_rate',
  'min_rtt_us',
  'bytes_sent',
] as const;
export type SampleField = (typeof SAMPLE_FIELDS)[number];
const REQUIRED: SampleField[] = ['t_s', 'snd_cwnd'];

/** Linux's "no ssthresh yet" (TCP_INFINITE_SSTHRESH, 0x7fffffff), read as Infinity. */
const INFINITE_SSTHRESH = 0x7fffffff;

export interface KernelSamples {
  /** One column per field; NaN where the file has no such column or an empty cell. */
  columns: Record<SampleField, Float64Array>;
  rows: number;
  problems: string[];
}

export class KernelSampleReader {
  private tail = '';
  private header: string[] | null = null;
  private index: Array<number> = [];
  private readonly cols: Record<SampleField, number[]> = Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, []])) as unknown as Record<SampleField, number[]>;
  private line = 0;
  private lastT = -Infinity;
  private bad = 0;
  private fatal = false;
  readonly problems: string[] = [];

  constructor(private readonly maxRows = 2_000_000) {}

  push(text: string): void {
    if (this.fatal) return;
    const parts = (this.tail + text).split('\n');
    this.tail = parts.pop() as string;
    for (const p of parts) this.takeLine(p);
  }

  private problem(msg: string): void {
    if (this.problems.length < 20) this.problems.push(msg);
  }

  private takeLine(raw: string): void {
    if (this.fatal) return;
    this.line++;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '' || text.startsWith('#')) return;
    const cells = text.split(',').map((c) => c.trim());
    if (this.header === null) {
      this.header = cells;
      const missing = REQUIRED.filter((f) => !cells.includes(f));
      if (missing.length > 0) {
        this.problem(`not a kernel-sample file: the header (line ${this.line}) lacks ${missing.join(' and ')}; expected the columns ${SAMPLE_FIELDS.join(', ')}`);
        this.fatal = true;
        return;
      }
      this.index = SAMPLE_FIELDS.map((f) => cells.indexOf(f));
      return;
    }
    if (this.cols.t_s.length >= this.maxRows) {
      this.problem(`more than ${this.maxRows} samples: reading stopped at line ${this.line}`);
      this.fatal = true;
      return;
    }
    const vals: number[] = [];
    for (let k = 0; k < SAMPLE_FIELDS.length; k++) {
      const i = this.index[k];
      const cell = i >= 0 ? cells[i] : undefined;
      let v = cell === undefined || cell === '' ? Number.NaN : Number(cell);
      if (cell !== undefined && cell !== '' && !Number.isFinite(v)) {
        this.reject(`line ${this.line}: ${SAMPLE_FIELDS[k]} is "${cell.slice(0, 20)}", not a number`);
        return;
      }
      if (SAMPLE_FIELDS[k] === 'snd_ssthresh' && v >= INFINITE_SSTHRESH) v = Number.POSITIVE_INFINITY;
      if (k > 0 && v < 0) {
        this.reject(`line ${this.line}: ${SAMPLE_FIELDS[k]} is ${v}; it must be 0 or more`);
        return;
      }
      vals.push(v);
    }
    const t = vals[0];
    if (!Number.isFinite(t) || t < this.lastT) {
      this.reject(`line ${this.line}: t_s is ${cells[this.index[0]] ?? '(missing)'}; times must be numbers that never decrease (previous ${this.lastT})`);
      return;
    }
    if (!Number.isFinite(vals[1])) {
      this.reject(`line ${this.line}: snd_cwnd is missing`);
      return;
    }
    this.lastT = t;
    for (let k = 0; k < SAMPLE_FIELDS.length; k++) this.cols[SAMPLE_FIELDS[k]].push(vals[k]);
  }

  private reject(msg: string): void {
    this.bad++;
    if (this.bad <= 5) this.problem(`${msg}: row skipped`);
    else if (this.bad === 6) this.problem('further bad rows skipped without a message');
  }

  end(): KernelSamples {
    if (this.tail !== '') {
      const last = this.tail;
      this.tail = '';
      this.takeLine(last);
    }
    if (this.header === null && !this.fatal) this.problem('the kernel-sample file is empty');
    const columns = Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, Float64Array.from(this.cols[f])])) as Record<SampleField, Float64Array>;
    if (this.bad > 5) this.problems.push(`${this.bad} rows skipped in all`);
    return { columns, rows: columns.t_s.length, problems: this.problems };
  }
}

export function readKernelSamples(text: string): KernelSamples {
  const r = new KernelSampleReader();
  r.push(text);
  return r.end();
}

/** Sniffs whether bytes look like a kernel-sample CSV (a text header naming t_s and snd_cwnd). */
export function looksLikeKernelSamples(head: Uint8Array): boolean {
  const text = new TextDecoder().decode(head.subarray(0, 512));
  const firstLine = text.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#')) ?? '';
  return firstLine.split(',').some((c) => c.trim() === 't_s') && firstLine.includes('snd_cwnd');
}
