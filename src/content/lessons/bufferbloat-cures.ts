import type { LessonInput } from './schema.ts';

/**
 * The cures for bufferbloat, side by side on the same path and seed: a deep FIFO, CoDel,
 * FQ-CoDel, PIE, and L4S (DualPI2 with TCP Prague). The interactive flow (two segments per round
 * trip) is the measuring stick: its round trip is what a game or a video call would feel.
 */
export const bufferbloatCures: LessonInput = {
  name: 'bufferbloat-cures',
  title: 'Bufferbloat and its cures: CoDel, FQ-CoDel, PIE and L4S',
  level: 'second course',
  summary: 'One bulk CUBIC flow and one interactive flow share a 10 Mb/s, 100 ms path. Change only the queue and watch the interactive flow’s round trip.',
  sources: [
    { cite: 'K. Nichols, V. Jacobson, Controlling Queue Delay, ACM Queue 10(5), 2012; RFC 8289 (CoDel)' },
    { cite: 'RFC 8290, The Flow Queue CoDel Packet Scheduler and AQM Algorithm (2018)', where: '§1.1, §4' },
    { cite: 'RFC 8033, Proportional Integral Controller Enhanced (PIE) (2017)', where: '§4' },
    { cite: 'RFC 9332, Dual-Queue Coupled AQM for L4S (2023)', where: '§1, Appendix A' },
  ],
  steps: [
    {
      title: 'The disease: a deep FIFO',
      scenario: { preset: 'cures-deep-fifo' },
      panels: ['queue', 'cwnd', 'metrics'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future'],
      prompt: 'A 400-packet FIFO on a 10 Mb/s link, {prop} ms of propagation. CUBIC transfers in bulk; the interactive flow never has more than two segments out.',
      question: {
        kind: 'number',
        text: 'Predict the interactive flow’s mean round trip, in ms.',
        answer: 'interactiveRtt',
        unit: 'ms',
        tolerance: { abs: 0, rel: 0.25 },
      },
      explanation:
        'The interactive flow waited behind CUBIC’s backlog: a mean round trip of {interactiveRtt} ms against {prop} ms of propagation. CUBIC got {bulkGoodput} Mb/s — the link was busy, but everyone paid in delay.',
      values: {
        prop: { fact: 'propRttMs', flow: 1 },
        interactiveRtt: { fact: 'meanRttMs', flow: 1 },
        bulkGoodput: { fact: 'goodputMbps', flow: 0 },
      },
      claims: [{ says: 'The interactive flow’s round trip is several times the propagation delay.', value: 'interactiveRtt', op: '>', than: 'prop', scale: 3 }],
    },
    {
      title: 'CoDel: drop on waiting time, not on buffer size',
      scenario: { preset: 'cures-codel' },
      panels: ['aqm', 'queue'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future'],
      // short enough that the question's two options and Check stay inside the card on a 390 px phone
      prompt: 'Same buffer, now under CoDel: once packets have waited over 5 ms for 100 ms, it drops at the head, each drop sooner (100 ms/√count); the dropping state is shaded.',
      question: {
        kind: 'choice',
        text: 'What happens to the interactive flow’s round trip?',
        options: [
          { id: 'base', label: 'Close to the propagation delay', feedback: 'Yes: CoDel keeps the standing queue to a few ms, so the round trip is {interactiveRtt} ms against {prop} ms.' },
          { id: 'bloated', label: 'Still hundreds of ms', feedback: 'The buffer is as big as before, but CoDel never lets it fill: the round trip is {interactiveRtt} ms.' },
        ],
        expect: 'base',
      },
      explanation:
        'The round trip fell from {fifoRtt} ms to {interactiveRtt} ms. The price: CUBIC’s goodput went from {fifoGoodput} to {bulkGoodput} Mb/s, because a queue that is nearly empty cannot cover every one of CUBIC’s reductions.',
      values: {
        prop: { fact: 'propRttMs', flow: 1 },
        interactiveRtt: { fact: 'meanRttMs', flow: 1 },
        fifoRtt: { fact: 'meanRttMs', flow: 1, step: 'previous' },
        bulkGoodput: { fact: 'goodputMbps', flow: 0 },
        fifoGoodput: { fact: 'goodputMbps', flow: 0, step: 'previous' },
      },
      claims: [
        { says: 'Under CoDel the interactive round trip is within 10 % of propagation.', value: 'interactiveRtt', op: '<', than: 'prop', scale: 1.1 },
        { says: 'CUBIC keeps most of the goodput it had with the deep FIFO.', value: 'bulkGoodput', op: '>', than: 'fifoGoodput', scale: 0.85 },
      ],
    },
    {
      title: 'FQ-CoDel: a queue per flow',
      scenario: { preset: 'cures-fq-codel' },
      panels: ['aqm', 'queue'],
      playhead: { startS: 0, stopS: 30 },
      prompt: 'FQ-CoDel hashes each flow into its own queue and serves a flow that just became active before the backlogged ones. Inside the AQM, each flow queue has its own sojourn line.',
      explanation: 'The interactive flow’s packets skip the bulk backlog: {interactiveRtt} ms against {prop} ms of propagation, while CUBIC keeps {bulkGoodput} Mb/s.',
      values: {
        prop: { fact: 'propRttMs', flow: 1 },
        interactiveRtt: { fact: 'meanRttMs', flow: 1 },
        bulkGoodput: { fact: 'goodputMbps', flow: 0 },
      },
      claims: [{ says: 'The interactive round trip is within 5 % of propagation.', value: 'interactiveRtt', op: '<', than: 'prop', scale: 1.05 }],
    },
    {
      title: 'PIE: a controller on the queue delay',
      scenario: { preset: 'cures-pie' },
      panels: ['aqm', 'queue'],
      playhead: { startS: 0, stopS: 30 },
      prompt: 'PIE raises a drop probability every 15 ms while the queue delay is above its 15 ms target, and lowers it when below.',
      question: {
        kind: 'choice',
        text: 'With a 15 ms target instead of FQ-CoDel’s 5 ms, is the interactive round trip higher or lower than under FQ-CoDel?',
        options: [
          { id: 'higher', label: 'Higher', feedback: 'Yes: PIE aims at a longer queue, so the round trip is {interactiveRtt} ms against FQ-CoDel’s {fqRtt}.' },
          { id: 'lower', label: 'Lower', feedback: 'A higher target means a longer standing queue: {interactiveRtt} ms against FQ-CoDel’s {fqRtt}.' },
        ],
        expect: 'higher',
      },
      explanation: 'PIE held the interactive round trip at {interactiveRtt} ms ({prop} ms of propagation) and let CUBIC have {bulkGoodput} Mb/s.',
      values: {
        prop: { fact: 'propRttMs', flow: 1 },
        interactiveRtt: { fact: 'meanRttMs', flow: 1 },
        fqRtt: { fact: 'meanRttMs', flow: 1, step: 'previous' },
        bulkGoodput: { fact: 'goodputMbps', flow: 0 },
      },
      claims: [
        { says: 'PIE’s round trip is above FQ-CoDel’s.', value: 'interactiveRtt', op: '>', than: 'fqRtt' },
        { says: 'It stays within 20 % of propagation.', value: 'interactiveRtt', op: '<', than: 'prop', scale: 1.2 },
      ],
    },
    {
      title: 'L4S: TCP Prague in DualPI2’s low-latency queue',
      scenario: { preset: 'l4s-dualpi2' },
      panels: ['aqm', 'cwnd'],
      playhead: { startS: 0, stopS: 30 },
      prompt: 'TCP Prague marks its packets ECT(1), so DualPI2 puts them in a queue that marks from about 1 ms of waiting; CUBIC goes to the Classic queue. The two are coupled so neither starves.',
      explanation: 'Prague’s round trip was {pragueRtt} ms on a {prop} ms path, CUBIC’s {cubicRtt} ms. Goodputs: Prague {pragueGoodput}, CUBIC {cubicGoodput} Mb/s.',
      values: {
        prop: { fact: 'propRttMs', flow: 0 },
        pragueRtt: { fact: 'meanRttMs', flow: 0 },
        cubicRtt: { fact: 'meanRttMs', flow: 1 },
        pragueGoodput: { fact: 'goodputMbps', flow: 0 },
        cubicGoodput: { fact: 'goodputMbps', flow: 1 },
      },
      claims: [
        { says: 'Prague’s round trip is within 10 % of propagation.', value: 'pragueRtt', op: '<', than: 'prop', scale: 1.1 },
        { says: 'CUBIC in the Classic queue sees the longer round trip.', value: 'cubicRtt', op: '>', than: 'pragueRtt' },
        { says: 'The coupling keeps the two within a factor of 2.', value: 'cubicGoodput', op: '<', than: 'pragueGoodput', scale: 2 },
      ],
    },
  ],
};
