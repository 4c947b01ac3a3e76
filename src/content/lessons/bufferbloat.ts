import type { LessonInput } from './schema.ts';

/** A deep buffer: loss-based CUBIC fills it, model-based BBR does not. */
export const bufferbloat: LessonInput = {
  name: 'bufferbloat',
  title: 'Queues and bufferbloat: CUBIC vs BBR in a deep buffer',
  level: 'second course',
  summary: 'A 400-packet buffer on a 2 Mb/s link holds 1.6 s of data. A sender that waits for loss fills it; one that measures the path does not.',
  sources: [
    { cite: 'J. Gettys, K. Nichols, Bufferbloat: Dark Buffers in the Internet, CACM 55(1), 2012' },
    { cite: 'RFC 9438, CUBIC for Fast and Long-Distance Networks (2023)', where: '§4' },
    { cite: 'N. Cardwell et al., BBR: Congestion-Based Congestion Control, ACM Queue 14(5), 2016' },
  ],
  steps: [
    {
      title: 'Who fills the buffer?',
      scenario: { preset: 'reference-2mbps', set: ['durationS=30', 'path.0.forward.queue.limitPackets=400'] },
      compare: ['cubic', 'bbr'],
      panels: ['queue', 'cwnd', 'metrics'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future'],
      prompt: 'The same 2 Mb/s path, but the router now buffers {limit} packets. CUBIC and BBR each send alone over it.',
      question: {
        kind: 'choice',
        text: 'Which keeps the queue shorter on average?',
        options: [
          { id: 'cubic', label: 'CUBIC', feedback: 'CUBIC grows until a packet is lost, and here a packet is lost only when all {limit} places are taken.' },
          { id: 'bbr', label: 'BBR', feedback: 'Yes: BBR sends at the bottleneck rate it measured and keeps about one bandwidth-delay product in flight, so little waits in the queue.' },
        ],
        answer: 'shorter',
        expect: 'bbr',
      },
      explanation:
        'CUBIC filled the buffer ({cubicMax} of {limit} packets) and kept {cubicMean} waiting on average: {cubicDelay} ms of queueing, a mean RTT of {cubicRtt} ms. BBR peaked at {bbrMax} packets, {bbrMean} on average, RTT {bbrRtt} ms — and delivered {bbrGoodput} Mb/s against CUBIC’s {cubicGoodput}.',
      values: {
        limit: { fact: 'queueLimit' },
        shorter: { fact: 'best', of: 'queueMean', pick: 'min' },
        cubicMax: { fact: 'queueMax', run: 'cubic' },
        bbrMax: { fact: 'queueMax', run: 'bbr' },
        cubicMean: { fact: 'queueMean', run: 'cubic' },
        bbrMean: { fact: 'queueMean', run: 'bbr' },
        cubicDelay: { fact: 'queueDelayMs', run: 'cubic' },
        cubicRtt: { fact: 'meanRttMs', run: 'cubic' },
        bbrRtt: { fact: 'meanRttMs', run: 'bbr' },
        cubicGoodput: { fact: 'goodputMbps', run: 'cubic' },
        bbrGoodput: { fact: 'goodputMbps', run: 'bbr' },
      },
      claims: [
        { says: 'CUBIC fills the deep buffer.', value: 'cubicMax', op: '==', than: 'limit' },
        { says: 'BBR never fills it.', value: 'bbrMax', op: '<', than: 'limit' },
        { says: 'CUBIC’s round trip is several times BBR’s.', value: 'cubicRtt', op: '>', than: 'bbrRtt', scale: 3 },
        { says: 'BBR’s short queue costs it no goodput.', value: 'bbrGoodput', op: '>=', than: 'cubicGoodput', scale: 0.9 },
      ],
    },
    {
      title: 'What the sender sees',
      scenario: { previous: true, set: ['flows.0.variant=cubic'] },
      panels: ['cwnd', 'timeseq'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future', 'truth'],
      prompt: 'The sender’s view: CUBIC cannot see the queue, only its own ACKs and RTT samples. Play the run, then turn the sender’s view off to compare belief with truth.',
      explanation:
        'All CUBIC can measure is its RTT: {rtt} ms on average, against {prop} ms of propagation. The difference is time spent in the queue it cannot see — {mean} packets waiting on average.',
      values: {
        rtt: { fact: 'meanRttMs' },
        prop: { fact: 'propRttMs' },
        mean: { fact: 'queueMean' },
      },
      claims: [{ says: 'CUBIC’s RTT is more than twice the propagation delay.', value: 'rtt', op: '>', than: 'prop', scale: 2 }],
    },
  ],
};
