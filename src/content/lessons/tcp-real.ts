import type { LessonInput } from './schema.ts';

/** Receiver-driven TCP-Real: waves measured at the receiver set the window (Zhang & Tsaoussidis). */
export const tcpReal: LessonInput = {
  name: 'tcp-real',
  title: 'Receiver-driven TCP-Real and its waves',
  level: 'graduate',
  summary: 'The receiver times each wave of segments; if the receiving rate did not fall, a loss was not congestion, and the window stays.',
  sources: [
    { cite: 'C. Zhang, V. Tsaoussidis, TCP-Real: Improving Real-time Capabilities of TCP over Heterogeneous Networks, NOSSDAV 2001', where: '§2 waves and wave levels, §4 Table 1 and Fig. 2' },
  ],
  steps: [
    {
      title: 'Waves on a lossy link',
      scenario: { preset: 'real-link-errors', set: ['durationS=40'] },
      compare: ['real', 'reno'],
      panels: ['cwnd', 'waves', 'metrics'],
      playhead: { startS: 0, stopS: 20 },
      hide: ['future'],
      prompt:
        'Bursty link errors (ON/OFF channel) and a 5 MB transfer. TCP-Real sends in waves of 2·i segments; the receiver measures how fast each wave arrived and tells the sender the next level.',
      question: {
        kind: 'choice',
        text: 'Which delivers more in 40 s?',
        options: [
          { id: 'real', label: 'TCP-Real', feedback: 'Yes: a wave that arrives as fast as the last one says the path is not congested, so a random loss does not cut the window.' },
          { id: 'reno', label: 'Reno', feedback: 'Reno cuts its window on every loss, random or not.' },
        ],
        answer: 'most',
        expect: 'real',
      },
      explanation:
        'TCP-Real {gReal} Mb/s, Reno {gReno} Mb/s. The receiver decided {waves} waves: {up} increases, {down} decreases. Reno cut its window {renoCuts} times for losses the channel caused.',
      values: {
        most: { fact: 'best', of: 'goodputMbps', pick: 'max' },
        gReal: { fact: 'goodputMbps', run: 'real' },
        gReno: { fact: 'goodputMbps', run: 'reno' },
        waves: { fact: 'waves', run: 'real' },
        up: { fact: 'waves', run: 'real', decision: 'increase' },
        down: { fact: 'waves', run: 'real', decision: 'decrease' },
        renoCuts: { fact: 'lossEvents', run: 'reno' },
        congestion: { fact: 'drops', run: 'reno', cause: 'congestion' },
      },
      claims: [
        { says: 'TCP-Real delivers more than Reno.', value: 'gReal', op: '>', than: 'gReno' },
        { says: 'The receiver decides many waves.', value: 'waves', op: '>=', than: 10 },
        { says: 'Its decisions go both ways.', value: 'up', op: '>', than: 0 },
        { says: 'The link loses packets, the queue does not.', value: 'congestion', op: '==', than: 0 },
      ],
    },
    {
      title: 'After a handoff',
      scenario: { preset: 'real-handoff', set: ['durationS=40'] },
      compare: ['real', 'reno'],
      panels: ['cwnd', 'waves'],
      playhead: { startS: 0, stopS: 40 },
      hide: ['future'],
      prompt: 'Now half-second handoffs that drop 99 % of packets, every 5 s or so. TCP-Real backs off on a timeout like Reno, then climbs back by wave decisions within a round trip or two.',
      explanation: 'Both timed out ({realTo} and {renoTo} times). TCP-Real delivered {gReal} Mb/s, Reno {gReno} Mb/s: the paper’s Table 3 reports TCP-Real’s faster return to full speed after handoffs.',
      values: {
        realTo: { fact: 'timeouts', run: 'real' },
        renoTo: { fact: 'timeouts', run: 'reno' },
        gReal: { fact: 'goodputMbps', run: 'real' },
        gReno: { fact: 'goodputMbps', run: 'reno' },
        handoff: { fact: 'drops', run: 'real', cause: 'wireless' },
      },
      claims: [
        { says: 'Handoffs drop packets.', value: 'handoff', op: '>', than: 0 },
        { says: 'TCP-Real times out too.', value: 'realTo', op: '>=', than: 1 },
        { says: 'TCP-Real delivers at least as much as Reno.', value: 'gReal', op: '>=', than: 'gReno' },
      ],
    },
  ],
};
