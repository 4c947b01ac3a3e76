/** `tcp.profile`: the linux profile fills what a flow leaves out; explicit settings always win. */
import { describe, expect, it } from 'vitest';
import { PROFILE_TCP, withProfile } from '../../src/scenario/profiles.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { TcpSchema } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

function parsedTcp(tcp: Record<string, unknown>) {
  const input = structuredClone(getPreset('reference-2mbps')!.scenario) as { flows: { tcp: Record<string, unknown> }[] };
  input.flows[0].tcp = tcp;
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario.flows[0].tcp;
}

describe('tcp.profile', () => {
  it('the rfc profile is the schema defaults (nothing changes for scenarios that do not name a profile)', () => {
    const d = TcpSchema.parse({});
    expect(d.profile).toBe('rfc');
    for (const [k, v] of Object.entries(PROFILE_TCP.rfc)) expect(d[k as keyof typeof d]).toBe(v);
  });

  it('linux fills the left-out settings with the kernel defaults (IW 10, RTO ≥ 200 ms, SACK, byte counting, HyStart)', () => {
    const t = parsedTcp({ profile: 'linux' });
    expect(t).toMatchObject({ initialCwndSegments: 10, minRtoMs: 200, maxRtoMs: 120_000, sack: true, limitedTransmit: true, delayedAck: true, delayedAckMs: 40, byteCounting: 'on', hystart: 'linux' });
  });

  it('explicit settings are kept under the linux profile', () => {
    const t = parsedTcp({ profile: 'linux', initialCwndSegments: 2, sack: false, byteCounting: 'off' });
    expect(t).toMatchObject({ initialCwndSegments: 2, sack: false, byteCounting: 'off', minRtoMs: 200 });
  });

  it('a bad profile names the field and the allowed values', () => {
    const input = structuredClone(getPreset('reference-2mbps')!.scenario) as { flows: { tcp: Record<string, unknown> }[] };
    input.flows[0].tcp = { profile: 'windows' };
    const r = parseScenario(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatErrors(r.errors)).toMatch(/flows\.0\.tcp\.profile.*rfc.*linux/s);
  });

  it('withProfile (the app\'s switch) overwrites every governed setting, and back', () => {
    const rfc = parsedTcp({});
    const linux = withProfile(rfc, 'linux');
    expect(linux).toMatchObject({ ...PROFILE_TCP.linux, profile: 'linux', mssBytes: rfc.mssBytes });
    expect(withProfile(linux, 'rfc')).toMatchObject({ ...PROFILE_TCP.rfc, profile: 'rfc' });
  });
});
