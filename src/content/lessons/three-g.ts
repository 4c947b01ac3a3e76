import type { LessonInput } from './schema.ts';

/** 3G rate and delay variation and the Ack Regulator (Chan & Ramjee). */
export const threeG: LessonInput = {
  name: 'three-g',
  title: '3G rate and delay variation, and the Ack Regulator',
  level: 'graduate',
  summary: 'A link whose rate and delay jitter compresses ACKs, and a small buffer then loses two or three packets at once. Holding ACKs back at the RNC spreads the data out.',
  sources: [
    { cite: 'M. C. Chan, R. Ramjee, TCP/IP Performance over 3G Wireless Links with Rate and Delay Variation, MobiCom 2002', where: '§4 Tables 1–2 (p1, p2, p3), §5 the Ack Regulator' },
  ],
  steps: [
    {
      title: 'Losses come in bursts',
      scenario: { preset: '3g-variation', set: ['durationS=60'] },
      panels: ['cwnd', 'queue'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future'],
      prompt: 'A 200 kb/s downlink whose rate is redrawn for every packet and whose delay varies, into a per-user buffer of {limit} packets.',
      question: {
        kind: 'number',
        text: 'How many packets does the buffer drop in these 60 s?',
        answer: 'drops',
        unit: 'packets',
        tolerance: { abs: 0, rel: 0.4 },
      },
      explanation:
        'The buffer dropped {drops} packets in {events} loss events; {bursts} of them lost two or more within one round trip. A slow spell of the link bunches the ACKs, the sender answers with a burst, and a 10-packet buffer overflows more than once (§4: p2, p3).',
      values: {
        limit: { fact: 'queueLimit', link: 'wireless/fwd' },
        drops: { fact: 'drops', cause: 'congestion' },
        events: { fact: 'lossEvents' },
        bursts: { fact: 'dropBursts', cause: 'congestion', minSize: 2 },
      },
      claims: [
        { says: 'Several losses come two or more at a time.', value: 'bursts', op: '>=', than: 2 },
        { says: 'There are more drops than loss events.', value: 'drops', op: '>', than: 'events' },
      ],
    },
    {
      title: 'With the Ack Regulator',
      scenario: { preset: '3g-ack-regulator', set: ['durationS=60', 'path.0.forward.rateSdBps=50000', 'path.0.forward.delayMs=174', 'path.0.reverse.delayMs=174', 'path.0.forward.extraDelayMeanMs=50'] },
      panels: ['cwnd', 'ackreg', 'queue'],
      playhead: { startS: 0, stopS: 30 },
      hide: ['future'],
      prompt: 'The same link, now with an Ack Regulator at the RNC: it holds returning ACKs until the buffer has room for the data they will release.',
      explanation:
        'The regulator held up to {held} ACKs at once. Drops: {drops} here against {dropsBefore} without it; multi-drop bursts: {bursts} against {burstsBefore}. The paper: fewer multiple losses (p2, p3), hence better goodput, without a significantly longer round trip.',
      values: {
        held: { fact: 'heldAcksMax' },
        drops: { fact: 'drops', cause: 'congestion' },
        dropsBefore: { fact: 'drops', cause: 'congestion', step: 'previous' },
        bursts: { fact: 'dropBursts', cause: 'congestion', minSize: 2 },
        burstsBefore: { fact: 'dropBursts', cause: 'congestion', minSize: 2, step: 'previous' },
      },
      claims: [
        { says: 'The regulator holds ACKs back.', value: 'held', op: '>', than: 0 },
        { says: 'Fewer packets are dropped than without it.', value: 'drops', op: '<', than: 'dropsBefore' },
        { says: 'Fewer multi-drop bursts than without it.', value: 'bursts', op: '<', than: 'burstsBefore' },
      ],
    },
  ],
};
