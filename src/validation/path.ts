/**
 * The path the linux-ref recipe builds, as a TCP Lab scenario (no engine code: the validation page
 * opens these runs in the main view, the CLI runs them).
 */
import { getPreset } from '../content/presets/index.ts';
import type { Scenario } from '../scenario/schema.ts';
import { formatErrors, parseScenario } from '../scenario/validate.ts';

export interface KernelPath {
  rateBps: number;
  queuePackets: number;
}

/** The path the recipe builds, as a TCP Lab scenario: reference-2mbps (or its rate/queue changed), 60 s, the linux profile. */
export function kernelPathScenario(variant: string, per: number, seed: number, path: KernelPath = { rateBps: 2e6, queuePackets: 25 }): Scenario {
  const input = structuredClone(getPreset('reference-2mbps')!.scenario) as Record<string, unknown> & { path: Record<string, unknown>[]; flows: Record<string, unknown>[] };
  input.name = `kernel path ${path.rateBps / 1e6} Mb/s, ${variant}, PER ${per}`;
  input.description = `The linux-ref recipe's path as TCP Lab runs it: sender –[100 Mb/s, 1 ms]– router –[${path.rateBps / 1e6} Mb/s, 49 ms, drop-tail ${path.queuePackets} packets${per > 0 ? `, Bernoulli loss ${per}` : ''}]– receiver; the linux TCP profile, 60 s.`;
  input.durationS = 60;
  input.seed = seed;
  input.path[0] = {
    id: 'bottleneck',
    forward: { rateBps: path.rateBps, delayMs: 49, queue: { kind: 'droptail', limitPackets: path.queuePackets }, errors: per > 0 ? [{ kind: 'bernoulli', per }] : [] },
  };
  // The recipe's kernel: IW 10, SACK, delayed ACKs, timestamps, 200 ms minimum RTO, … — the linux profile.
  input.flows[0] = { ...input.flows[0], variant, tcp: { profile: 'linux' } };
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

