/**
 * TCP New Jersey (Xu, Tian & Ansari, "Improving TCP performance in integrated wireless
 * communications networks", Computer Networks 2004): TCP Jersey (jersey.ts) with two changes.
 *
 * - TABE (§4.1): in ABE's eq. (1), t_n is the arrival time of the n-th packet at the receiver,
 *   stamped by the receiver and echoed in the ACK (RFC 1323 timestamps; here `AckInfo.rcvTsNs`),
 *   so ACK compression, ACK delay and ACK loss on the reverse path do not distort the estimate.
 * - Congestion-less ssthresh adjustment (§4.2): on every ACK that acknowledges new data,
 *   ssthresh = ownd = RTT·R_n/MSS, so the sender enters and leaves slow start as the available
 *   bandwidth changes.
 *
 * Everything else — CW marks, rate control at most once per RTT, the marked/unmarked third
 * duplicate ACK, the standard timeout — is Jersey's, including its reconstructed window rule and
 * deviations (see jersey.ts). An ACK without a receiver timestamp (−1) falls back to its own
 * arrival time; our receiver stamps every ACK, and no option bytes are charged for it (the
 * RFC 7323 TSval slot carries it).
 */
import { createJersey, type JerseyTunables } from './jersey.ts';
import type { CcPlugin, CongestionControl } from './types.ts';

export function createNewJersey(t: Partial<JerseyTunables> = {}): CongestionControl {
  return createJersey({ clock: 'receiver-timestamp', ssthreshFollowsOwnd: true, estimate: { key: 'tabeBps', label: 'TABE' } }, t);
}

export const newJersey: CcPlugin = {
  name: 'new-jersey',
  create: () => createNewJersey(),
};
