import type { LessonInput } from './schema.ts';

/** TCP-Probing: suspend data on a loss and probe the path (Tsaoussidis & Lahanas). */
export const tcpProbing: LessonInput = {
  name: 'tcp-probing',
  title: 'TCP-Probing’s probe cycles',
  level: 'graduate',
  summary: 'On a loss, stop sending data and send tiny probes instead: their round trips say whether the path is congested or merely lossy.',
  sources: [
    { cite: 'V. Tsaoussidis, A. Lahanas, Exploiting the Adaptive Properties of a Probing Device for TCP in Heterogeneous Networks (TCP-Probing)', where: '§3 probe cycle and recovery strategies, §5.1 Table A2, Figs. 4 and 8' },
  ],
  steps: [
    {
      title: 'Probe instead of halving',
      scenario: { preset: 'probing-testbed', set: ['durationS=60'] },
      compare: ['probing', 'reno'],
      panels: ['cwnd', 'probe', 'metrics'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future'],
      prompt:
        'A 5 MB transfer through an ON/OFF channel that drops 16 % of packets while ON, on data and ACKs alike. On a loss TCP-Probing suspends data and sends header-only probes until two come back; their RTTs pick the recovery.',
      question: {
        kind: 'choice',
        text: 'Which finishes its 5 MB first (or gets further in 60 s)?',
        options: [
          { id: 'probing', label: 'TCP-Probing', feedback: 'Yes: when the probes say the path is not congested it resumes with its window intact (immediate recovery) instead of halving.' },
          { id: 'reno', label: 'Reno', feedback: 'Reno halves — or times out and backs off — on every loss of the ON phases.' },
        ],
        answer: 'most',
        expect: 'probing',
      },
      explanation:
        'TCP-Probing delivered {gProbing} Mb/s, Reno {gReno}. It ran {cycles} probe cycles ({probes} probe segments) and recovered immediately {immediate} times. Overhead: TCP-Probing {ovProbing} %, Reno {ovReno} % — its gain does not come from sending more.',
      values: {
        most: { fact: 'best', of: 'goodputMbps', pick: 'max' },
        gProbing: { fact: 'goodputMbps', run: 'probing' },
        gReno: { fact: 'goodputMbps', run: 'reno' },
        cycles: { fact: 'probeEvents', run: 'probing', probeEvent: 'cycle-start' },
        immediate: { fact: 'probeEvents', run: 'probing', probeEvent: 'immediate-recovery' },
        probes: { fact: 'probesSent', run: 'probing' },
        ovProbing: { fact: 'overheadPct', run: 'probing' },
        ovReno: { fact: 'overheadPct', run: 'reno' },
      },
      claims: [
        { says: 'TCP-Probing delivers more than Reno.', value: 'gProbing', op: '>', than: 'gReno' },
        { says: 'It runs several probe cycles.', value: 'cycles', op: '>=', than: 3 },
        { says: 'Some of them end in immediate recovery.', value: 'immediate', op: '>=', than: 1 },
        { says: 'Its overhead is no larger than Reno’s.', value: 'ovProbing', op: '<=', than: 'ovReno' },
      ],
    },
  ],
};
