/**
 * The queue panel's title names the hop as the captions do, never the trace's raw link id
 * ("link/fwd"): hand-written cases for the ids the presets use (bottleneck, link, wired,
 * wireless, access1) and a return-path hop.
 */
import { describe, expect, it } from 'vitest';
import { queueTitle } from '../../src/ui/panels/QueuePanel.tsx';
import { linkOption } from '../../src/ui/panels/linkOption.ts';

describe('queue panel title', () => {
  it('the first hop is the bottleneck, named when the scenario names it', () => {
    expect(queueTitle('bottleneck/fwd', 0)).toBe('Queue at the bottleneck');
    expect(queueTitle('link/fwd', 0)).toBe('Queue at the bottleneck');
    expect(queueTitle('wired/fwd', 0)).toBe('Queue at the bottleneck “wired”');
  });
  it('another hop as the captions say it, a return-path hop marked so', () => {
    expect(queueTitle('wireless/fwd', 1)).toBe('Queue at link "wireless"');
    expect(queueTitle('link2/fwd', 1)).toBe('Queue at link 2');
    expect(queueTitle('access1/fwd', 2)).toBe('Queue at link "access1"');
    expect(queueTitle('bottleneck/rev', 1)).toBe('Queue at link "bottleneck" (return path)');
  });
  it('the Link pickers offer the hop by name, a return-path hop marked so', () => {
    expect(linkOption('bottleneck/fwd')).toBe('bottleneck');
    expect(linkOption('wireless/fwd')).toBe('wireless');
    expect(linkOption('bottleneck/rev')).toBe('bottleneck (return path)');
  });
  it('no /fwd or /rev ever reaches the title, and no run yet is just "Queue"', () => {
    for (const id of ['bottleneck/fwd', 'link/rev', 'wireless/fwd', 'x/rev']) for (const i of [0, 1]) expect(queueTitle(id, i)).not.toMatch(/\/(fwd|rev)/);
    expect(queueTitle(undefined, 0)).toBe('Queue');
  });
});
