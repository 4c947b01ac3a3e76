import type { LessonInput } from './schema.ts';

/** Random (non-congestion) loss throttles standard TCP as Mathis et al. predict. */
export const randomLoss: LessonInput = {
  name: 'random-loss',
  title: 'Why random wireless loss fools TCP',
  level: 'second course',
  summary: 'A 10 Mb/s link that corrupts 1 % of packets at random: the queue never fills, yet the sender halves again and again. The square-root formula predicts by how much.',
  sources: [
    { cite: 'M. Mathis, J. Semke, J. Mahdavi, T. Ott, The Macroscopic Behavior of the TCP Congestion Avoidance Algorithm, CCR 27(3), 1997', where: 'eq. (3), BW = (MSS/RTT)·C/√p' },
    { cite: 'S. Martignon, L. Fratta (NewReno-LP paper)', where: 'Fig. 4, goodput vs packet error rate' },
  ],
  steps: [
    {
      title: 'One percent',
      scenario: { preset: 'lossy-10mbps', set: ['durationS=60'] },
      panels: ['cwnd', 'queue', 'metrics'],
      playhead: { startS: 0, stopS: 20 },
      hide: ['future'],
      prompt: 'A 10 Mb/s path, about 100 ms round trip, a buffer of {limit} packets — and {per} % of packets corrupted at random on the link.',
      question: {
        kind: 'number',
        text: 'What goodput do you expect over 60 s, in Mb/s?',
        answer: 'goodput',
        unit: 'Mb/s',
        tolerance: { abs: 0, rel: 0.3 },
      },
      explanation:
        'Goodput {goodput} Mb/s of a 10 Mb/s link. The queue never came near full ({qmax} of {limit} packets): all {wireless} drops were channel errors, none congestion. Still the sender cut its window {events} times, once per loss event. Mathis’s formula for p = {per} % and the measured RTT of {rtt} ms gives {mathis} Mb/s.',
      values: {
        per: { fact: 'pathPerPct' },
        goodput: { fact: 'goodputMbps' },
        mathis: { fact: 'mathisMbps' },
        rtt: { fact: 'meanRttMs' },
        qmax: { fact: 'queueMax' },
        limit: { fact: 'queueLimit' },
        wireless: { fact: 'drops', cause: 'wireless' },
        congestion: { fact: 'drops', cause: 'congestion' },
        events: { fact: 'lossEvents' },
      },
      claims: [
        { says: 'Goodput is a small fraction of the 10 Mb/s link.', value: 'goodput', op: '<', than: 2 },
        { says: 'Goodput is within 30 % above Mathis’s prediction …', value: 'goodput', op: '<=', than: 'mathis', scale: 1.3 },
        { says: '… and within 30 % below it.', value: 'goodput', op: '>=', than: 'mathis', scale: 0.7 },
        { says: 'The queue never fills.', value: 'qmax', op: '<', than: 'limit' },
        { says: 'No drop is congestion.', value: 'congestion', op: '==', than: 0 },
        { says: 'The sender cuts its window for these losses anyway.', value: 'events', op: '>', than: 10 },
      ],
    },
    {
      title: 'A tenth of that',
      scenario: { previous: true, set: ['path.0.forward.errors.0.per=0.001'] },
      panels: ['cwnd', 'metrics'],
      playhead: { startS: 0, stopS: 60 },
      hide: ['future'],
      experiment: 'lp-fig4a',
      prompt: 'The same path with {per} % loss: ten times fewer losses.',
      question: {
        kind: 'choice',
        text: 'Mathis: goodput ∝ 1/√p. Ten times fewer losses should give about …',
        options: [
          { id: 'x3', label: 'about 3 × the goodput', feedback: '√10 ≈ 3.2: the square-root law.' },
          { id: 'x10', label: '10 × the goodput', feedback: 'Goodput grows with 1/√p, not 1/p: √10 ≈ 3.2.' },
          { id: 'same', label: 'the same goodput', feedback: 'Fewer halvings leave the window larger for longer.' },
        ],
        expect: 'x3',
      },
      explanation:
        'Now {goodput} Mb/s against {before} Mb/s at {perBefore} %. The square-root law says √10 ≈ 3.2 times more; at low loss rates the run gains a little more from its long initial slow start, which the formula leaves out. The experiments view sweeps PER on the NewReno-LP testbed with the Mathis curve drawn over it.',
      values: {
        per: { fact: 'pathPerPct' },
        perBefore: { fact: 'pathPerPct', step: 'previous' },
        goodput: { fact: 'goodputMbps' },
        before: { fact: 'goodputMbps', step: 'previous' },
      },
      claims: [{ says: 'Ten times fewer losses at least double the goodput.', value: 'goodput', op: '>=', than: 'before', scale: 2 }],
    },
  ],
};
