import type { LessonInput } from './schema.ts';

/** The retransmission timer and its exponential backoff (RFC 6298). */
export const timeouts: LessonInput = {
  name: 'timeouts',
  title: 'Timeouts and exponential backoff',
  level: 'first course',
  summary: 'When no ACK comes back at all, only the retransmission timer is left — and each time it fires in vain it waits twice as long.',
  sources: [
    { cite: 'RFC 6298, Computing TCP’s Retransmission Timer (Paxson, Allman, Chu, Sargent, 2011)', where: '§2 (RTO, 1 s minimum), §5.5 (back off the timer)' },
    { cite: 'P. Karn, C. Partridge, Improving Round-Trip Time Estimates in Reliable Transport Protocols, SIGCOMM 1987', where: 'exponential backoff' },
  ],
  steps: [
    {
      title: 'The link goes dark',
      scenario: { preset: 'reference-2mbps', set: ['durationS=30', 'path.0.forward.errors=[{"kind":"blackout","atS":12,"durationS":6}]'] },
      panels: ['cwnd', 'timeseq'],
      playhead: { startS: 11, stopS: 16 },
      hide: ['future'],
      prompt: 'At 12 s the bottleneck loses every packet for 6 s (a handoff, a tunnel). No ACK comes back, so no duplicate ACK either. Play to 16 s.',
      question: {
        kind: 'number',
        text: 'The first timeout fires at {t1} s and its retransmission is lost too. How many seconds after it does the timer fire again?',
        answer: 'gap',
        unit: 's',
        tolerance: { abs: 0.3, rel: 0 },
      },
      explanation: 'The RTO had settled at its 1 s minimum (RFC 6298 §2.4). Each expiry doubles it (§5.5): the second timeout came {gap} s after the first, and the next gap was {ratio} times longer again.',
      values: {
        t1: { fact: 'firstEventS', kind: 'timeout', fromS: 12, toS: 30 },
        gap: { fact: 'firstTimeoutGapS', fromS: 12, toS: 20 },
        ratio: { fact: 'timeoutGapRatio', fromS: 12, toS: 20 },
        fr: { fact: 'fastRetransmits', fromS: 12.5, toS: 18 },
      },
      claims: [
        { says: 'The second timeout waits twice the first RTO.', value: 'gap', op: 'within', than: 2, tolerance: 0.3 },
        { says: 'Each further expiry doubles the wait again.', value: 'ratio', op: 'within', than: 2, tolerance: 0.1 },
        { says: 'No fast retransmit during the outage: no duplicate ACKs came back.', value: 'fr', op: '==', than: 0 },
      ],
    },
    {
      title: 'Predict the window',
      scenario: { previous: true },
      panels: ['cwnd', 'timeseq'],
      playhead: { startS: 11.5, stopS: 22 },
      hide: ['future'],
      prompt: 'Same run. The chart shows cwnd up to 11.5 s.',
      question: { kind: 'sketch', text: 'Draw cwnd from 11.5 s to 22 s, through the outage and after it.', series: 'cwnd', fromS: 11.5, toS: 22, expect: 'collapse' },
      explanation:
        'A timeout resets cwnd to one segment (RFC 5681 §3.1): it stayed at {min} through the outage, and after the last backed-off timeout at {tLast} s the sender slow-started again up to ssthresh.',
      values: {
        min: { fact: 'cwndMin', fromS: 13.5, toS: 18 },
        tLast: { fact: 'firstEventS', kind: 'timeout', fromS: 18, toS: 30 },
      },
      claims: [
        { says: 'cwnd stays at one segment during the outage.', value: 'min', op: '<=', than: 1 },
        { says: 'A backed-off timeout fires after the outage ends.', value: 'tLast', op: '<', than: 22 },
      ],
    },
  ],
};
