/**
 * `npm run bench:traces`: how fast the capture readers and the reconstruction go, in Node.
 * Reads each shipped sample, and a synthetic capture of N packets (a long transfer written with the
 * test-side writer; PACKETS=N, default 1 000 000; REPEAT=N runs, default 5), in 64 KiB chunks as the CLI and the browser feed them; prints packets/s, MB/s
 * and the heap used per kept packet. Figures only, no pass/fail.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CaptureImporter } from '../src/traces/import.ts';
import { reconstruct } from '../src/traces/reconstruct.ts';
import { writeCapture, type TcpPacketSpec } from '../tests/traces/pcap-writer.ts';

const CHUNK = 1 << 16;
const REPEAT = Number(process.env.REPEAT ?? 5);

function feed(bytes: Uint8Array) {
  const im = new CaptureImporter();
  for (let i = 0; i < bytes.length; i += CHUNK) im.push(bytes.subarray(i, i + CHUNK));
  return im.end();
}

function synthetic(n: number): Uint8Array {
  const C = { src: '10.1.0.1', dst: '10.1.0.2', sport: 40000, dport: 5001 };
  const S = { src: '10.1.0.2', dst: '10.1.0.1', sport: 5001, dport: 40000 };
  const p: TcpPacketSpec[] = [{ ...C, tNs: 0, seq: 0, ack: 0, flags: 2, window: 1000, payloadLen: 0, mss: 1448, sackOk: true, wscale: 7 }];
  p.push({ ...S, tNs: 1e6, seq: 0, ack: 1, flags: 0x12, window: 1000, payloadLen: 0, mss: 1448, sackOk: true, wscale: 7 });
  for (let k = 0; p.length < n; k++) {
    p.push({ ...C, tNs: 2e6 + k * 1e5, seq: 1 + k * 1448, ack: 1, flags: 0x10, window: 1000, payloadLen: 1448, ts: [k, 1] });
    if (k % 2) p.push({ ...S, tNs: 12e6 + k * 1e5, seq: 1, ack: 1 + (k + 1) * 1448, flags: 0x10, window: 1000, payloadLen: 0, ts: [1, k] });
  }
  return writeCapture(p, { format: 'pcap', link: 'ethernet', snapLen: 96 });
}

function measure(label: string, bytes: Uint8Array): void {
  const readMs: number[] = [];
  const rebuildMs: number[] = [];
  let packets = 0;
  for (let r = 0; r < REPEAT; r++) {
    const t0 = performance.now();
    const im = feed(bytes);
    const t1 = performance.now();
    for (const c of im.connections) reconstruct(c.segments);
    const t2 = performance.now();
    readMs.push(t1 - t0);
    rebuildMs.push(t2 - t1);
    packets = im.report.packets;
  }
  const med = (a: number[]): number => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept = feed(bytes);
  const after = process.memoryUsage().heapUsed;
  console.log(
    `${label.padEnd(28)} ${String(packets).padStart(8)} packets ${(bytes.length / 1e6).toFixed(2).padStart(7)} MB | read ${med(readMs).toFixed(1).padStart(7)} ms ` +
      `(${((packets / med(readMs)) * 1e3 / 1e6).toFixed(2)} M packets/s, ${(bytes.length / 1e3 / med(readMs)).toFixed(0)} MB/s) | reconstruct ${med(rebuildMs).toFixed(1).padStart(7)} ms | heap ≈ ${((after - before) / Math.max(1, kept.report.packets)).toFixed(0)} B/packet kept`,
  );
}

console.log(`median of ${REPEAT} runs; 64 KiB chunks; node ${process.version}`);
for (const name of ['linux-cubic', 'linux-bbr-per1', 'linux-reno']) measure(`${name}.pcap`, new Uint8Array(readFileSync(new URL(`../public/samples/${name}.pcap`, import.meta.url))));
const n = Number(process.env.PACKETS ?? 1_000_000);
measure(`synthetic ${n} packets`, synthetic(n));
