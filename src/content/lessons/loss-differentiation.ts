import type { LessonInput } from './schema.ts';

/** NewReno-LP's Vegas loss predictor against the truth and an ideal oracle (Martignon & Fratta). */
export const lossDifferentiation: LessonInput = {
  name: 'loss-differentiation',
  title: 'Telling wireless loss from congestion: NewReno-LP',
  level: 'graduate',
  summary: 'If the sender knew which losses came from the radio, it could keep its window for those. NewReno-LP guesses from its RTT; an ideal predictor knows.',
  sources: [
    { cite: 'S. Martignon, L. Fratta, Loss Differentiation Schemes for TCP over Wireless Networks (TCP NewReno-LP)', where: '§2 the Vegas predictor (α = 1, β = 3), §4 accuracy, §5 goodput' },
    { cite: 'L. Brakmo, L. Peterson, TCP Vegas: End to End Congestion Avoidance on a Global Internet, JSAC 13(8), 1995', where: 'the expected-vs-actual backlog' },
  ],
  steps: [
    {
      title: 'Three senders, the same losses',
      scenario: { preset: 'lp-uncorrelated', set: ['durationS=60'] },
      compare: ['newreno', 'newreno-lp', 'newreno-ideal-lp'],
      panels: ['cwnd', 'metrics'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future'],
      prompt:
        'A wired link shared with bursty UDP traffic, then a wireless hop that corrupts packets at random. NewReno halves on every loss; NewReno-LP keeps its window when its predictor says "wireless"; the ideal predictor is told the truth.',
      question: {
        kind: 'choice',
        text: 'Which delivers the most?',
        options: [
          { id: 'newreno', label: 'NewReno', feedback: 'NewReno halves on every loss, the wireless ones included.' },
          { id: 'newreno-lp', label: 'NewReno-LP', feedback: 'LP gains over NewReno, but its predictor is sometimes wrong.' },
          { id: 'newreno-ideal-lp', label: 'NewReno-Ideal-LP', feedback: 'Yes: with a perfect predictor the sender never cuts for a wireless loss — the upper bound LP aims at.' },
        ],
        answer: 'most',
        expect: 'newreno-ideal-lp',
      },
      explanation:
        'Goodput: ideal {gIdeal} Mb/s, LP {gLp}, NewReno {gNewreno}. The ideal predictor classified {accIdeal} % of loss events right; LP’s Vegas predictor {accLp} %. Of NewReno’s drops, {wireless} came from the channel and {congestion} from the queue.',
      values: {
        most: { fact: 'best', of: 'goodputMbps', pick: 'max' },
        gIdeal: { fact: 'goodputMbps', run: 'newreno-ideal-lp' },
        gLp: { fact: 'goodputMbps', run: 'newreno-lp' },
        gNewreno: { fact: 'goodputMbps', run: 'newreno' },
        accIdeal: { fact: 'accuracyPct', run: 'newreno-ideal-lp' },
        accLp: { fact: 'accuracyPct', run: 'newreno-lp' },
        wireless: { fact: 'drops', run: 'newreno', cause: 'wireless' },
        congestion: { fact: 'drops', run: 'newreno', cause: 'congestion' },
      },
      claims: [
        { says: 'Both kinds of loss occur.', value: 'wireless', op: '>', than: 0 },
        { says: 'Congestion losses occur too.', value: 'congestion', op: '>', than: 0 },
        { says: 'The ideal predictor is always right.', value: 'accIdeal', op: '==', than: 100 },
        { says: 'The ideal predictor delivers more than NewReno-LP.', value: 'gIdeal', op: '>', than: 'gLp' },
        { says: 'NewReno-LP delivers more than NewReno.', value: 'gLp', op: '>', than: 'gNewreno' },
      ],
    },
    {
      title: 'Belief and truth',
      scenario: { previous: true, set: ['flows.0.variant=newreno-lp'] },
      panels: ['cwnd', 'estimate'],
      playhead: { startS: 0, stopS: 60 },
      hide: ['future', 'truth'],
      prompt: 'NewReno-LP alone, seen as the sender sees it: its RTT and its Vegas backlog estimate, no drop causes. Play, then turn the sender’s view off to see the truth behind each verdict.',
      question: {
        kind: 'number',
        text: 'What share of its loss verdicts do you think NewReno-LP got right, in %?',
        answer: 'acc',
        unit: '%',
        tolerance: { abs: 15, rel: 0 },
      },
      explanation:
        '{acc} % of its verdicts matched the truth. The Vegas predictor estimates the sender’s own backlog in the queue, V_P = (cwnd/RTTmin − cwnd/RTT)·RTTmin segments: at most α = 1 reads as wireless, at least β = 3 as congestion, between keeps the last verdict. A short queue at the loss suggests it was not an overflow — but bursty cross traffic fills the queue without the sender’s help, and then the guess goes wrong.',
      values: { acc: { fact: 'accuracyPct' } },
      claims: [
        { says: 'The predictor is right more often than not.', value: 'acc', op: '>', than: 50 },
        { says: 'It is not perfect.', value: 'acc', op: '<', than: 100 },
      ],
    },
  ],
};
