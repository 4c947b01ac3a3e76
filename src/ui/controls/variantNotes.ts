/**
 * The variants' one-line descriptions (tooltips of the variant menus and the compare picker), loaded
 * once the first picture is up: the first chart does not need them, and a tooltip shows only after
 * a hover, by when they are in. Until then the options carry no tooltip; nothing else changes.
 */
import { lateModule, useLate } from '../state/lateModule.ts';

export const lateVariantNotes = lateModule(() => import('../../catalogue/variantDescriptions.ts'));

/** A function giving a variant's description: undefined (no tooltip) for an unknown name, and until the text is in. */
export function useVariantDescription(): (name: string) => string | undefined {
  const m = useLate(lateVariantNotes);
  return (name) => m?.VARIANT_DESCRIPTIONS[name];
}
