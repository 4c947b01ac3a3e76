import type { LessonInput } from './schema.ts';

/** TCP New Jersey's timestamp-based bandwidth estimate on an asymmetric, congested reverse path (Xu, Tian & Ansari). */
export const newJersey: LessonInput = {
  name: 'new-jersey',
  title: 'A congested reverse path and New Jersey’s timestamps',
  level: 'graduate',
  summary: 'When ACKs queue behind cross traffic on a thin uplink, they arrive bunched and an ACK-timed bandwidth estimate is fooled. Timestamps of the data’s arrival are not.',
  sources: [
    { cite: 'K. Xu, Y. Tian, N. Ansari, Improving TCP Performance in Integrated Wireless Communications Networks (TCP New Jersey), Computer Networks 47, 2005', where: '§3.4 Westwood, §4.1 TABE, §4.2 congestion warning, §5.1 Fig. 6' },
  ],
  steps: [
    {
      title: 'Three estimators, one path',
      scenario: { preset: 'nj-asymmetric', set: ['durationS=30'] },
      compare: ['new-jersey', 'westwood-plus', 'newreno'],
      panels: ['cwnd', 'estimate', 'metrics'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future'],
      prompt: 'A 2 Mb/s down / 256 kb/s up wireless last hop with fading errors, behind a wired core loaded both ways by short FTP sessions. The ACKs share the thin, busy uplink.',
      question: {
        kind: 'choice',
        text: 'Which delivers the most?',
        options: [
          { id: 'new-jersey', label: 'New Jersey', feedback: 'Yes: TABE times the data at the receiver (timestamps), so bunched ACKs do not distort it, and congestion warnings tell queue losses from wireless ones.' },
          { id: 'westwood-plus', label: 'Westwood+', feedback: 'Westwood+ times the ACKs as they arrive; after the uplink bunches them, its estimate is off, and it cannot tell wireless losses apart.' },
          { id: 'newreno', label: 'NewReno', feedback: 'NewReno halves on every loss, including the fading errors.' },
        ],
        answer: 'most',
        expect: 'new-jersey',
      },
      explanation: 'New Jersey {gNj} Mb/s, Westwood+ {gWw}, NewReno {gNr}. The downlink corrupted {wireless} of NewReno’s data packets, and NewReno halved for each; its mean RTT of {rtt} ms against {prop} ms of propagation is time its data and ACKs spent queued behind the cross traffic.',
      values: {
        most: { fact: 'best', of: 'goodputMbps', pick: 'max' },
        gNj: { fact: 'goodputMbps', run: 'new-jersey' },
        gWw: { fact: 'goodputMbps', run: 'westwood-plus' },
        gNr: { fact: 'goodputMbps', run: 'newreno' },
        rtt: { fact: 'meanRttMs', run: 'newreno' },
        prop: { fact: 'propRttMs', run: 'newreno' },
        wireless: { fact: 'drops', run: 'newreno', cause: 'wireless' },
      },
      claims: [
        { says: 'New Jersey delivers more than NewReno.', value: 'gNj', op: '>', than: 'gNr' },
        { says: 'New Jersey delivers more than Westwood+.', value: 'gNj', op: '>', than: 'gWw' },
        { says: 'The downlink corrupts data packets.', value: 'wireless', op: '>', than: 0 },
        { says: 'Queues behind the cross traffic lengthen the round trip.', value: 'rtt', op: '>', than: 'prop' },
      ],
    },
    {
      title: 'What each sender believes',
      scenario: { previous: true, set: ['flows.0.variant=new-jersey'] },
      panels: ['estimate', 'cwnd'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future', 'truth'],
      prompt: 'New Jersey alone, in the sender’s view: its TABE estimate and its window, nothing of the queues. Then turn the sender’s view off.',
      explanation:
        'TABE averaged {tabe} Mb/s on a 2 Mb/s downlink: timed by the receiver’s timestamps, the bunched ACKs do not inflate it. New Jersey keeps ssthresh at its optimal window ownd = RTT × TABE / MSS; a loss with no congestion warning is retransmitted without a cut (judged random), a warned one cuts cwnd to ownd.',
      values: { tabe: { fact: 'estimateMeanMbps', key: 'tabeBps' } },
      claims: [
        { says: 'TABE stays below the downlink’s 2 Mb/s.', value: 'tabe', op: '<', than: 2 },
        { says: 'TABE is a substantial share of it.', value: 'tabe', op: '>', than: 0.5 },
      ],
    },
  ],
};
