/**
 * The editor's timed-change marks, apart from the editor itself: the app provides them on every
 * load, the editor (loaded on demand) reads them.
 */
import { createContext } from 'react';

/** A field a timed change set at or before the playhead: when, and its value before. */
export interface ChangedField {
  atS: number;
  before: unknown;
}

/**
 * Fields the shown scenario has from timed changes (the editor shows the links as they stand at
 * the playhead), by dotted path; a field says so next to its label.
 */
export const ChangedFieldsContext = createContext<ReadonlyMap<string, ChangedField>>(new Map());
