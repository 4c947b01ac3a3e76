/**
 * A link direction's error models (net/loss.ts) built from their specs, each drawing from its own
 * named stream. An optional module (../modules.ts): a clean link never needs it.
 */
import type { ErrorModelSpec } from '../../scenario/schema.ts';
import { ComposedLoss, ERROR_MODEL_FACTORIES, type ErrorModel, type ErrorModelContext } from '../net/loss.ts';
import { traceChannel, type BuildContext, type ChannelTrace } from './topology.ts';

/**
 * Stream name of the i-th error model's per-packet draws: the first keeps the foundation's name.
 * Models a timed change puts in (`change` = its index) draw from streams of their own, so they
 * neither replay nor disturb the draws of the models they replace.
 */
const lossStream = (linkId: string, i: number, change: number | null): string =>
  `${i === 0 ? `${linkId}:loss` : `${linkId}:loss.${i}`}${change === null ? '' : `@change${change}`}`;

/**
 * The direction's composed error model, or null for a clean link. State-based models report
 * their changes so the link's channel state (the worst of its models) is traced when it changes.
 */
export function errorModel(
  errors: readonly ErrorModelSpec[],
  linkId: string,
  linkIndex: number,
  ctx: BuildContext,
  channel: ChannelTrace,
  change: number | null = null,
): ComposedLoss | null {
  if (errors.length === 0) return null;
  const { rng, sim } = ctx;
  let composed: ComposedLoss | null = null;
  const onChange = (): void => {
    if (composed !== null) traceChannel(channel, composed.state, linkIndex, ctx);
  };
  const models = errors.map((e, i): ErrorModel => {
    const name = lossStream(linkId, i, change);
    const build = ERROR_MODEL_FACTORIES[e.kind] as (spec: ErrorModelSpec, c: ErrorModelContext) => ErrorModel;
    return build(e, { packets: rng.stream(name), stream: (suffix) => rng.stream(`${name}:${suffix}`), sim, onChange });
  });
  composed = new ComposedLoss(models);
  if (composed.hasState) onChange();
  return composed;
}
