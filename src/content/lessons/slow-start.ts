import type { LessonInput } from './schema.ts';

/** Slow start and congestion avoidance on the reference path (RFC 5681 §3.1). */
export const slowStart: LessonInput = {
  name: 'slow-start',
  title: 'Slow start and congestion avoidance',
  level: 'first course',
  summary: 'How a TCP sender finds the capacity of a path: doubling per round trip, then one segment per round trip, and the sawtooth.',
  sources: [
    { cite: 'RFC 5681, TCP Congestion Control (Allman, Paxson, Blanton, 2009)', where: '§3.1 slow start and congestion avoidance, eq. (4) for ssthresh' },
    { cite: 'V. Jacobson, Congestion Avoidance and Control, SIGCOMM 1988', where: '§2 slow start, §3 the additive increase' },
  ],
  steps: [
    {
      title: 'Slow start',
      scenario: { preset: 'reference-2mbps', set: ['durationS=20'] },
      panels: ['cwnd', 'queue'],
      playhead: { startS: 0, stopS: 0.75 },
      hide: ['future'],
      prompt: 'One NewReno sender, a 2 Mb/s bottleneck, about 100 ms of round trip. The sender starts with {c0:0} segments in flight and knows nothing about the path. Press Space to play the first 0.75 s.',
      question: {
        kind: 'choice',
        text: 'Before anything is lost, how does cwnd grow per round trip?',
        options: [
          { id: 'doubling', label: 'It doubles every round trip', feedback: 'Yes: every ACK adds one segment, and a window of W segments brings W ACKs back.' },
          { id: 'additive', label: 'It grows by about one segment per round trip', feedback: 'That is congestion avoidance, after the first loss. Slow start adds one segment per ACK, which doubles the window every round trip.' },
          { id: 'other', label: 'It stays where it started until the first loss', feedback: 'A sender that never grew could never use the path. Slow start adds one segment per ACK.' },
        ],
        answer: 'growth',
        expect: 'doubling',
      },
      explanation: 'cwnd went from {c0:0} to {c1} segments in 0.75 s: slow start adds one segment for each ACK, so the window doubles every round trip (RFC 5681 §3.1).',
      values: {
        c0: { fact: 'cwndAt', atS: 0 },
        c1: { fact: 'cwndAt', atS: 0.75 },
        growth: { fact: 'growthKind', fromS: 0, toS: 0.75 },
        losses: { fact: 'lossEvents', fromS: 0, toS: 0.75 },
      },
      claims: [
        { says: 'Nothing is lost in the first 0.75 s.', value: 'losses', op: '==', than: 0 },
        { says: 'cwnd grows more than tenfold in slow start.', value: 'c1', op: '>', than: 'c0', scale: 10 },
      ],
    },
    {
      title: 'The first loss',
      scenario: { previous: true },
      panels: ['cwnd', 'queue'],
      playhead: { startS: 0.5, stopS: 3, stopAt: 'tFr' },
      hide: ['future'],
      prompt: 'Doubling overshoots: the 25-packet buffer overflows. Play on to the first fast retransmit (the triangle): the run pauses there.',
      question: {
        kind: 'number',
        text: 'cwnd was {before} segments when three duplicate ACKs announced the loss. What will ssthresh be after the fast retransmit, in segments?',
        answer: 'ss',
        unit: 'segments',
        tolerance: { abs: 2, rel: 0 },
      },
      explanation: 'ssthresh = max(FlightSize / 2, 2 segments) (RFC 5681 eq. 4): about half of {before} is {ss} segments. The queue held {qmax} of {qlimit} packets when it overflowed.',
      values: {
        before: { fact: 'cwndBeforeEvent', kind: 'fast-retransmit' },
        ss: { fact: 'ssthreshAfterEvent', kind: 'fast-retransmit' },
        tFr: { fact: 'firstEventS', kind: 'fast-retransmit' },
        qmax: { fact: 'queueMax', fromS: 0, toS: 1 },
        qlimit: { fact: 'queueLimit' },
        to: { fact: 'timeouts', fromS: 0, toS: 3 },
      },
      claims: [
        { says: 'ssthresh becomes half the window before the loss.', value: 'ss', op: 'within', than: 'before', scale: 0.5, tolerance: 1.5 },
        { says: 'The queue was full when the first loss happened.', value: 'qmax', op: '==', than: 'qlimit' },
        { says: 'No timeout: three duplicate ACKs came back.', value: 'to', op: '==', than: 0 },
      ],
    },
    {
      title: 'Congestion avoidance: the sawtooth',
      scenario: { previous: true },
      panels: ['cwnd', 'queue'],
      playhead: { startS: 12.5, stopS: 18.5 },
      hide: ['future'],
      prompt: 'Recovering from that burst took until about 7 s: one hole repaired per round trip. Now the sender is in congestion avoidance; the chart shows cwnd up to 12.5 s.',
      question: {
        kind: 'sketch',
        text: 'Draw what you expect cwnd to do from 12.5 s to 18.5 s (pointer, touch, or the arrow keys), then reveal the run.',
        series: 'cwnd',
        fromS: 12.5,
        toS: 18.5,
        expect: 'halving',
      },
      explanation:
        'Between losses cwnd grows by about one segment per round trip ({growth}); when the queue reaches its {qlimit} packets a packet is dropped, three duplicate ACKs come back and cwnd is halved: {before} → {ss} segments at {t} s, with no timeout. The brief spike is fast recovery inflating cwnd by one segment per duplicate ACK (RFC 5681 §3.2) before it deflates to ssthresh.',
      values: {
        growth: { fact: 'growthKind', fromS: 12.5, toS: 16.2 },
        before: { fact: 'cwndBeforeEvent', fromS: 12.5, toS: 18.5, kind: 'fast-retransmit' },
        ss: { fact: 'ssthreshAfterEvent', fromS: 12.5, toS: 18.5, kind: 'fast-retransmit' },
        t: { fact: 'firstEventS', fromS: 12.5, toS: 18.5, kind: 'fast-retransmit' },
        to: { fact: 'timeouts', fromS: 12.5, toS: 18.5 },
        qmax: { fact: 'queueMax', fromS: 12.5, toS: 18.5 },
        qlimit: { fact: 'queueLimit' },
      },
      claims: [
        { says: 'Between losses cwnd grows additively, about one segment per round trip.', value: 'growth', op: '==', than: { text: 'additive' } },
        { says: 'The cut halves the window.', value: 'ss', op: 'within', than: 'before', scale: 0.5, tolerance: 1.5 },
        { says: 'No timeout in this span.', value: 'to', op: '==', than: 0 },
        { says: 'The queue fills before the loss.', value: 'qmax', op: '==', than: 'qlimit' },
      ],
    },
  ],
};
