// The error-model registry: one declaration per kind (src/scenario/error-models.ts) that the
// schema, the controls' descriptions and the engine's factories all follow.
import { describe, expect, it } from 'vitest';
import { ERROR_MODEL_KINDS, ERROR_MODELS, ErrorModelSchema, errorFieldInfo, errorModelText } from '../../src/scenario/error-models.ts';
import { ERROR_MODEL_FACTORIES } from '../../src/engine/net/loss.ts';
import { hintFor } from '../../src/ui/controls/hints.ts';

describe('error-model registry', () => {
  it('the schema accepts exactly the declared kinds', () => {
    for (const kind of ERROR_MODEL_KINDS) {
      // the fields without a default take the value the controls suggest for a new model
      const start = Object.fromEntries(Object.entries(ERROR_MODELS[kind].fields).flatMap(([k, info]) => (info.suggest === undefined ? [] : [[k, info.suggest]])));
      expect(ErrorModelSchema.safeParse({ kind, ...start }).success, kind).toBe(true);
    }
    expect(ErrorModelSchema.safeParse({ kind: 'gilbert', per: 0.1 }).success).toBe(false);
  });

  it('every kind has a factory, and no factory lacks a declaration', () => {
    expect(Object.keys(ERROR_MODEL_FACTORIES).sort()).toEqual([...ERROR_MODEL_KINDS].sort());
  });

  it('every field of every kind is described, and a field two kinds share has one description', () => {
    const seen = new Map<string, unknown>();
    for (const kind of ERROR_MODEL_KINDS) {
      const decl = ERROR_MODELS[kind];
      const fields = Object.keys(decl.schema.shape).filter((k) => k !== 'kind');
      expect(Object.keys(decl.fields).sort(), kind).toEqual(fields.sort());
      for (const [field, info] of Object.entries(decl.fields)) {
        if (seen.has(field)) expect(info, `${kind}.${field}`).toEqual(seen.get(field));
        seen.set(field, info);
        expect(hintFor(`path[].forward.errors[].${field}`).described, field).toBe(true);
      }
    }
    expect(Object.keys(errorFieldInfo()).sort()).toEqual(['kind', ...seen.keys()].sort());
  });

  it('the kind hint names every kind with its label', () => {
    const hint = hintFor('path[].forward.errors[].kind').hint;
    for (const kind of ERROR_MODEL_KINDS) expect(hint).toContain(`${ERROR_MODELS[kind].label}: `);
  });

  it('a model alone in a timed change reads in a few words', () => {
    expect(errorModelText({ kind: 'bernoulli', per: 0.02 })).toBe('Bernoulli errors 2 %');
    expect(errorModelText({ kind: 'blackout', atS: 12, durationS: 1, per: 1 })).toBe('blackout at 12 s');
    const ge = ErrorModelSchema.parse({ kind: 'gilbert-elliott', perBad: 0.005 });
    expect(errorModelText(ge)).toBe('Gilbert–Elliott errors (bad 0.5 %)');
    expect(errorModelText({ ...ge, badState: 'off' } as typeof ge)).toBe('handoffs');
  });
});
