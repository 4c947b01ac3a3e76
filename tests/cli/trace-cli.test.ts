/** `npm run trace`: JSON per connection, --connection, --csv, --fit, kernel samples, bad input. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { traceCommand, type TraceCliIo } from '../../src/cli/trace-import.ts';

const SAMPLES = new URL('../../public/samples/', import.meta.url);

async function run(argv: string[], files: Record<string, Uint8Array> = {}, chunkBytes = 4096) {
  const out = { code: -1, stdout: '', stderr: '', written: new Map<string, string>() };
  const io: TraceCliIo = {
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    writeFile: (p, t) => void out.written.set(p, t),
    chunks: async function* (path) {
      const bytes = files[path] ?? new Uint8Array(readFileSync(new URL(path, SAMPLES)));
      for (let i = 0; i < bytes.length; i += chunkBytes) yield bytes.subarray(i, i + chunkBytes);
    },
  };
  out.code = await traceCommand(argv, io);
  return out;
}

describe('npm run trace', () => {
  it('prints the issue’s fields for each connection of a capture', async () => {
    const r = await run(['linux-reno.pcap']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.connections).toHaveLength(1);
    const c = j.connections[0];
    for (const k of ['client', 'server', 'captureSide', 'dataPackets', 'retransmissions', 'bytesAcked', 'durationS', 'goodputBps', 'rttMs']) expect(c).toHaveProperty(k);
    expect(Object.keys(c.rttMs)).toEqual(['min', 'median', 'p95']);
    // the kernel's own count of this run (public/samples/linux-reno.meta.json, final tcp_info)
    expect(c.retransmissions).toBe(63);
    expect(c.bytesAcked).toBe(4683000);
    expect(c.captureSide).toBe('client');
  });

  it('--fit adds the fitted path, a valid scenario and the difference summary', async () => {
    const r = await run(['linux-bbr-per1.pcap', '--fit', '--variant', 'bbr', '--connection', '0']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.fit.scenario.flows[0].variant).toBe('bbr');
    expect(Math.abs(j.fit.path.rateBps - 2e6) / 2e6).toBeLessThan(0.05);
    expect(j.fit.difference.map((d: { measure: string }) => d.measure)).toContain('goodput');
  });

  it('--csv writes the reconstructed columns', async () => {
    const r = await run(['linux-cubic.pcap', '--csv', 'out.csv']);
    expect(r.code).toBe(0);
    const csv = r.written.get('out.csv') as string;
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('t_s,series,flow_or_link,value');
    // one row per data segment sent (4801, 59 of them retransmissions: the kernel's counts)
    expect(lines.filter((l) => l.includes(',send_seq,')).length + lines.filter((l) => l.includes(',retransmit_seq,')).length).toBe(4801);
    expect(lines.filter((l) => l.includes(',retransmit_seq,')).length).toBe(59);
  });

  it('reads a kernel-sample CSV', async () => {
    const r = await run(['linux-cubic.tcpinfo.csv']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.kind).toBe('kernel-samples');
    expect(j.rows).toBe(2000);
    expect(j.problems).toEqual([]);
  });

  it('names bad arguments and bad files, exit code 2', async () => {
    const bad = await run(['--connection', '-1', 'x.pcap']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--connection: "-1" — allowed: a whole number from 0/);
    const variant = await run(['linux-cubic.pcap', '--variant', 'nope']);
    expect(variant.stderr).toMatch(/--variant: "nope" — allowed: .*cubic/);
    const conn = await run(['linux-cubic.pcap', '--connection', '3']);
    expect(conn.code).toBe(2);
    expect(conn.stderr).toMatch(/the capture has 1 connection \(0 … 0\)/);
    const junk = await run(['junk.bin'], { 'junk.bin': new TextEncoder().encode('hello, not a capture at all') });
    expect(junk.code).toBe(2);
    expect(JSON.parse(junk.stdout).messages[0]).toMatch(/not a packet capture: the file starts with 68 65 6c 6c/);
  });
});
