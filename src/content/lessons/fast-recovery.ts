import type { LessonInput } from './schema.ts';

/** Tahoe, Reno, NewReno and SACK on the same losses (Fall & Floyd 1996; RFCs 5681, 6582, 6675). */
export const fastRecovery: LessonInput = {
  name: 'fast-recovery',
  title: 'Fast retransmit and fast recovery: Tahoe, Reno, NewReno, SACK',
  level: 'first course',
  summary: 'One window loses many segments at once. Four loss recoveries face the same drops: who restarts, who times out, who repairs it all in one go?',
  sources: [
    { cite: 'K. Fall, S. Floyd, Simulation-based Comparisons of Tahoe, Reno, and SACK TCP, CCR 26(3), 1996', where: '§2–§5, the multiple-drop scenarios' },
    { cite: 'RFC 5681 (Reno fast retransmit / fast recovery)', where: '§3.2' },
    { cite: 'RFC 6582 (NewReno)', where: '§3, partial acknowledgments; §4, duplicate ACKs after a timeout' },
    { cite: 'RFC 6298 (retransmission timer)', where: '§5, retransmitting on a timeout' },
    { cite: 'RFC 6675 (SACK-based loss recovery)', where: '§5' },
  ],
  steps: [
    {
      title: 'Same drops, four recoveries',
      scenario: { preset: 'multi-loss-window', set: ['durationS=10'] },
      compare: ['tahoe', 'reno', 'newreno', 'sack'],
      panels: ['cwnd', 'metrics'],
      playhead: { startS: 0, stopS: 3 },
      hide: ['future'],
      prompt: 'Slow start overshoots a 20-packet buffer: one window loses {drops} segments. The same drops hit Tahoe, Reno, NewReno and SACK (same path, same seed).',
      question: {
        kind: 'choice',
        text: 'Which one delivers the most data in these 10 s?',
        options: [
          { id: 'tahoe', label: 'Tahoe', feedback: 'Tahoe restarts slow start from one segment after every loss: it never waits for a timeout, but it throws the window away each time.' },
          { id: 'reno', label: 'Reno', feedback: 'Reno leaves fast recovery at the first new ACK; with several holes in the window it runs out of duplicate ACKs and waits for a timeout.' },
          { id: 'newreno', label: 'NewReno', feedback: 'Close: NewReno stays in recovery across partial ACKs, but repairs only one hole per round trip.' },
          { id: 'sack', label: 'SACK', feedback: 'Yes: the receiver tells SACK exactly which segments are missing, so it repairs several holes per round trip.' },
        ],
        answer: 'most',
        expect: 'sack',
      },
      explanation:
        'Goodput in 10 s: SACK {gSack} Mb/s, NewReno {gNewreno}, Reno {gReno}, Tahoe {gTahoe}. Timeouts after the burst: Reno {renoTo}, NewReno {newrenoTo}; Tahoe fell to {tahoeMin} segment after its fast retransmit.',
      values: {
        drops: { fact: 'drops', run: 'newreno', fromS: 0, toS: 0.5 },
        most: { fact: 'best', of: 'goodputMbps', pick: 'max' },
        gSack: { fact: 'goodputMbps', run: 'sack' },
        gNewreno: { fact: 'goodputMbps', run: 'newreno' },
        gReno: { fact: 'goodputMbps', run: 'reno' },
        gTahoe: { fact: 'goodputMbps', run: 'tahoe' },
        renoTo: { fact: 'timeouts', run: 'reno', fromS: 0, toS: 3 },
        newrenoTo: { fact: 'timeouts', run: 'newreno', fromS: 0, toS: 3 },
        tahoeMin: { fact: 'cwndMinAfterEvent', run: 'tahoe', kind: 'fast-retransmit', withinS: 0.5 },
      },
      claims: [
        { says: 'One window loses many segments.', value: 'drops', op: '>=', than: 5 },
        { says: 'Reno times out after the multi-loss window.', value: 'renoTo', op: '>=', than: 1 },
        { says: 'NewReno recovers without a timeout.', value: 'newrenoTo', op: '==', than: 0 },
        { says: 'Tahoe restarts from one segment.', value: 'tahoeMin', op: '<=', than: 1 },
        { says: 'SACK delivers more than NewReno.', value: 'gSack', op: '>', than: 'gNewreno' },
        { says: 'NewReno delivers more than Reno.', value: 'gNewreno', op: '>', than: 'gReno' },
      ],
    },
    {
      title: 'Predict Reno',
      scenario: { previous: true, set: ['flows.0.variant=reno'] },
      panels: ['cwnd', 'timeseq'],
      playhead: { startS: 0, stopS: 3 },
      hide: ['future'],
      // The span ends before Reno's next fast retransmit (at tFalse, a false one): the textbook
      // story — cut, stall, timeout, slow start — is what the run does inside it, and the
      // explanation names what comes after.
      prompt:
        'Now Reno alone, on the same drops. The chart shows cwnd up to 0.45 s: three duplicate ACKs started a fast retransmit at {t} s, and a second one for the next hole left cwnd at {held} segments. Many more segments of that window are still missing.',
      question: {
        kind: 'sketch',
        text: 'Draw Reno’s cwnd from 0.45 s to 1.6 s, then reveal.',
        series: 'cwnd',
        fromS: 0.45,
        toS: 1.6,
        expect: 'collapse',
      },
      explanation:
        'Reno leaves fast recovery at the first new ACK, holes or not. Too few duplicate ACKs came back for another fast retransmit, nothing new was acknowledged, and cwnd stayed at {held} segments until the retransmission timer fired at {tTo} s: cwnd fell to {min} segment, and slow start began again from the first hole, resending the window after it (go-back-N). ' +
        'After 1.6 s that resending reaches segments the receiver already holds; each one brings a duplicate ACK, and at {tFalse} s three of them made Reno fast-retransmit again, though no segment was lost after the timeout ({dropsAfter} drops). NewReno ignores such duplicates until the ACK passes the highest segment sent before the timeout (RFC 6582 §4).',
      values: {
        t: { fact: 'firstEventS', kind: 'fast-retransmit' },
        frsBefore: { fact: 'fastRetransmits', fromS: 0, toS: 0.45 },
        held: { fact: 'cwndAt', atS: 0.45 },
        heldMax: { fact: 'cwndMax', fromS: 0.45, toS: 1.4 },
        tTo: { fact: 'firstEventS', kind: 'timeout' },
        min: { fact: 'cwndMin', fromS: 0.45, toS: 1.6 },
        frsInSpan: { fact: 'fastRetransmits', fromS: 0.45, toS: 1.6 },
        tFalse: { fact: 'firstEventS', kind: 'fast-retransmit', fromS: 1.6, toS: 3 },
        dropsAfter: { fact: 'drops', fromS: 0.45, toS: 3 },
      },
      claims: [
        { says: 'Two fast retransmits come before 0.45 s …', value: 'frsBefore', op: '==', than: 2 },
        { says: '… and none between 0.45 s and 1.6 s.', value: 'frsInSpan', op: '==', than: 0 },
        { says: 'cwnd stays at {held} segments until the timeout …', value: 'heldMax', op: '==', than: 'held' },
        { says: '… which fires after 1.4 s …', value: 'tTo', op: '>', than: 1.4 },
        { says: '… and before the sketch ends.', value: 'tTo', op: '<', than: 1.6 },
        { says: 'cwnd falls to one segment.', value: 'min', op: '<=', than: 1 },
        { says: 'Reno fast-retransmits again before 3 s …', value: 'tFalse', op: '<', than: 3 },
        { says: '… though nothing was dropped after the timeout.', value: 'dropsAfter', op: '==', than: 0 },
      ],
    },
  ],
};
