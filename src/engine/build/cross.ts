/**
 * Cross traffic over path links fromLink…toLink: forward with the data, or reverse against it
 * (on the ACK path). Its packets carry CROSS_TRAFFIC_FLOW; each entry has its own random streams.
 */
import type { CrossTrafficSpec } from '../../scenario/schema.ts';
import { msToNs, sToNs } from '../core/simulator.ts';
import { nullSink } from '../core/trace.ts';
import { CROSS_TRAFFIC_FLOW } from '../net/packet.ts';
import type { Sender } from '../tcp/sender.ts';
import { CbrSource } from '../traffic/cbr.ts';
import { FtpSessionGenerator } from '../traffic/ftp-sessions.ts';
import { ParetoOnOffSource } from '../traffic/pareto-onoff.ts';
import { TrafficSink } from '../traffic/sink.ts';
import { tcpPair } from './flows.ts';
import type { BuildContext, Duplex } from './topology.ts';

/** One cross-traffic entry at run time: what it sent and what reached its far end. */
export interface CrossRuntime {
  id: string;
  kind: CrossTrafficSpec['kind'];
  sentPackets(): number;
  deliveredPackets(): number;
  deliveredBytes(): number;
  /** FTP only: sessions opened so far. */
  sessions(): number | null;
}

export function buildCross(c: CrossTrafficSpec, path: readonly Duplex[], ctx: BuildContext): CrossRuntime {
  const { sim, rng } = ctx;
  const to = c.toLink ?? path.length - 1;
  const span = path.slice(c.fromLink, to + 1);
  const route = c.direction === 'forward' ? span.map((l) => l.fwd) : span.map((l) => l.rev).reverse();
  const backRoute = c.direction === 'forward' ? span.map((l) => l.rev).reverse() : span.map((l) => l.fwd);
  const startNs = sToNs(c.startS);
  const sink = new TrafficSink(sim);
  const base = { id: c.id, kind: c.kind, deliveredPackets: () => sink.receivedPackets, deliveredBytes: () => sink.receivedBytes, sessions: () => null };
  switch (c.kind) {
    case 'cbr': {
      // Schedule times count from the entry's startS.
      const cbr = new CbrSource(sim, {
        packetBytes: c.packetBytes,
        schedule: c.schedule.map((step) => ({ atNs: sToNs(c.startS + step.atS), rateBps: step.rateBps })),
        route,
        sink,
      });
      cbr.start();
      return { ...base, sentPackets: () => cbr.sentPackets };
    }
    case 'pareto-onoff': {
      const sources = Array.from({ length: c.sources }, (_, k) => {
        const src = new ParetoOnOffSource(
          sim,
          { packetBytes: c.packetBytes, rateBps: c.rateBps, shape: c.shape, meanOnNs: msToNs(c.meanOnMs), meanOffNs: msToNs(c.meanOffMs), route, sink, startNs },
          rng.stream(`cross:${c.id}:${k}`),
        );
        src.start();
        return src;
      });
      return { ...base, sentPackets: () => sources.reduce((a, src) => a + src.sentPackets, 0) };
    }
    case 'ftp': {
      // Each session is a bulk TCP connection of our own, untraced per flow (its packets still
      // show in the link tables), stopped when the session's time is up.
      const senders: Sender[] = [];
      let delivered = 0;
      let deliveredSegments = 0;
      const generators = Array.from({ length: c.generators }, (_, g) => {
        const gen = new FtpSessionGenerator(sim, { meanGapNs: sToNs(c.meanGapS), meanDurationNs: sToNs(c.meanDurationS), startNs }, rng.stream(`cross:${c.id}:${g}`), () => {
          const pair = tcpPair({
            sim,
            trace: nullSink,
            flow: CROSS_TRAFFIC_FLOW,
            variant: c.variant,
            tcp: c.tcp,
            totalBytes: Number.POSITIVE_INFINITY,
            dataRoute: route,
            ackRoute: backRoute,
            gate: null,
            ledger: null,
            modules: ctx.modules,
            deliver: (start, end) => {
              delivered += end - start;
              // Segments completed in order (the application reads byte ranges, not packets).
              deliveredSegments += Math.floor(end / c.tcp.mssBytes) - Math.floor(start / c.tcp.mssBytes);
            },
          });
          senders.push(pair.sender);
          pair.sender.start();
          return { close: () => pair.sender.stop() };
        });
        gen.start();
        return gen;
      });
      return {
        ...base,
        sentPackets: () => senders.reduce((a, snd) => a + snd.segmentsSent, 0),
        deliveredPackets: () => deliveredSegments,
        deliveredBytes: () => delivered,
        sessions: () => generators.reduce((a, gen) => a + gen.sessionsStarted, 0),
      };
    }
  }
}
