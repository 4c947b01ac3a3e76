/** A variant menu's options: grouped under the catalogue's family headings, each with its description as a tooltip. */
import { byFamily } from '../../catalogue/variants.ts';
import { variantLabel } from '../../catalogue/format.ts';
import { useVariantDescription } from './variantNotes.ts';

export function VariantOptions({ names }: { names: readonly string[] }) {
  const variantDescription = useVariantDescription();
  return (
    <>
      {byFamily(names).map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.names.map((v) => (
            <option key={v} value={v} title={variantDescription(v)}>
              {variantLabel(v)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
