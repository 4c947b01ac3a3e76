/**
 * Quantities a lesson question asks for, hidden from the charts' read-outs, lines and captions
 * until the student answers: a step that asks "what will ssthresh be?" must not print it above
 * the chart. The lesson card sets it; the cwnd chart and the event caption read it.
 */
import { createStore } from './store.ts';

export type Masked = 'ssthresh' | 'window';

export const answerMask = createStore<ReadonlySet<Masked>>(new Set());

export function setAnswerMask(masked: readonly Masked[]): void {
  const now = answerMask.get();
  if (now.size === masked.length && masked.every((m) => now.has(m))) return;
  answerMask.set(new Set(masked));
}

/** What a masked number reads as. */
export const MASKED_TEXT = 'hidden until you answer';

/** A number as the captions write it: digits with group separators (a comma, a (thin) space), decimals, or ∞. */
const NUM = String.raw`(?:∞|\d(?:[\d.,\u00a0\u202f\u2009]|\s(?=\d))*)`;

/** A caption with the masked quantities' numbers taken out ("ssthresh 99 → 49 segments"). */
export function maskCaption(text: string, masked: ReadonlySet<Masked>): string {
  let out = text;
  if (masked.has('ssthresh')) out = out.replace(new RegExp(String.raw`ssthresh (?:unchanged at )?${NUM}(?: → ${NUM})?(?: segments)?`, 'g'), `ssthresh ${MASKED_TEXT}`);
  if (masked.has('window')) out = out.replace(new RegExp(String.raw`\b(window|cwnd) (?:unchanged at )?${NUM}(?: → ${NUM})?(?: segments)?`, 'g'), `$1 ${MASKED_TEXT}`);
  return out;
}
