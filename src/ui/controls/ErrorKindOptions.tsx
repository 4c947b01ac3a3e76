/** The quick bar's error-model menu options (QuickControls.tsx), and its stand-in's the same (shell/lateControls.tsx). */
import { ERROR_KIND_LABELS, ERROR_KINDS } from './quickKinds.ts';

/** `custom`: the link's errors are none of the templates, shown as a choice that cannot be made. */
export function ErrorKindOptions({ custom }: { custom: boolean }) {
  return (
    <>
      {custom ? (
        <option value="custom" disabled>
          {ERROR_KIND_LABELS.custom}
        </option>
      ) : null}
      {ERROR_KINDS.map((k) => (
        <option key={k} value={k}>
          {ERROR_KIND_LABELS[k]}
        </option>
      ))}
    </>
  );
}
