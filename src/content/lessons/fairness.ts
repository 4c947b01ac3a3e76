import type { LessonInput } from './schema.ts';

const FLOW2 = (accessDelayMs: number): string =>
  `flows.1={"id":"flow2","variant":"newreno","startS":10,"access":{"id":"access2","forward":{"rateBps":1e8,"delayMs":${accessDelayMs}}},"tcp":{"mssBytes":1000,"initialCwndSegments":2,"sack":false,"timestamps":true,"delayedAck":false}}`;

/** Two AIMD flows converge to a fair share (Chiu & Jain 1989); unequal RTTs break it. */
export const fairness: LessonInput = {
  name: 'fairness',
  title: 'Fairness of several flows: the Chiu–Jain picture',
  level: 'second course',
  summary: 'Two flows share one bottleneck. Plot one rate against the other: additive increase and multiplicative decrease walk the point to the fair share.',
  sources: [
    { cite: 'D.-M. Chiu, R. Jain, Analysis of the Increase and Decrease Algorithms for Congestion Avoidance in Computer Networks, Computer Networks and ISDN Systems 17, 1989', where: 'Fig. 5, the vector diagram' },
    { cite: 'R. Jain, D.-M. Chiu, W. Hawe, A Quantitative Measure of Fairness and Discrimination, DEC TR-301, 1984', where: 'the fairness index' },
  ],
  steps: [
    {
      title: 'A latecomer',
      scenario: { preset: 'reference-2mbps', set: ['durationS=60', FLOW2(1)] },
      panels: ['rates', 'cwnd'],
      playhead: { startS: 0, stopS: 60 },
      hide: ['future'],
      prompt:
        'flow1 has the 2 Mb/s link to itself for 10 s; then flow2 starts on the same path. The rate plot puts flow1’s rate across and flow2’s up: the diagonal is the fairness line, the falling line is full use of the link.',
      question: {
        kind: 'number',
        text: 'flow1 got {g1} Mb/s over the run. How much do you expect flow2 to get over its 50 s?',
        answer: 'g2',
        unit: 'Mb/s',
        tolerance: { abs: 0, rel: 0.25 },
      },
      explanation:
        'flow2 got {g2} Mb/s; Jain’s index over both is {jain} (1 = equal shares). A halving moves the point toward the origin along the line through it, which keeps the ratio of the rates; additive increase moves it parallel to the fairness line, which brings the rates closer in proportion. Each round of both brings the point nearer the fair share (Chiu & Jain): additive increase, multiplicative decrease converges.',
      values: {
        g1: { fact: 'goodputMbps', flow: 0 },
        g2: { fact: 'goodputMbps', flow: 1 },
        jain: { fact: 'jain' },
      },
      claims: [
        { says: 'The two flows end up with nearly equal shares.', value: 'jain', op: '>=', than: 0.95 },
        { says: 'The latecomer gets at least 70 % of the first flow’s rate.', value: 'g2', op: '>=', than: 'g1', scale: 0.7 },
      ],
    },
    {
      title: 'A longer round trip',
      scenario: { previous: true, set: ['flows.1.access.forward.delayMs=150'] },
      panels: ['rates', 'cwnd'],
      playhead: { startS: 0, stopS: 60 },
      hide: ['future'],
      prompt: 'Now flow2’s own link adds 150 ms each way: its round trip is about {rtt2} ms against flow1’s {rtt1} ms.',
      question: {
        kind: 'choice',
        text: 'Who gets more now?',
        options: [
          { id: 'flow1', label: 'flow1, the short round trip', feedback: 'Yes: both add one segment per round trip, and flow1’s round trips are shorter.' },
          { id: 'flow2', label: 'flow2, the long round trip', feedback: 'Both add one segment per round trip; flow2’s round trips are longer, so it grows more slowly.' },
          { id: 'equal', label: 'Equal shares', feedback: 'AIMD is fair between flows with the same round trip; additive increase per round trip favours the shorter one.' },
        ],
        answer: 'more',
        expect: 'flow1',
      },
      explanation: 'flow1 {g1} Mb/s, flow2 {g2} Mb/s; Jain’s index {jain}. Additive increase is one segment per round trip, so a flow with a longer round trip climbs more slowly and the point settles below the fairness line.',
      values: {
        g1: { fact: 'goodputMbps', flow: 0 },
        g2: { fact: 'goodputMbps', flow: 1 },
        rtt1: { fact: 'propRttMs', flow: 0 },
        rtt2: { fact: 'propRttMs', flow: 1 },
        jain: { fact: 'jain' },
        more: { fact: 'largerFlow', of: 'goodputMbps' },
      },
      claims: [{ says: 'The short-RTT flow gets clearly more.', value: 'g2', op: '<', than: 'g1', scale: 0.8 }],
    },
  ],
};
