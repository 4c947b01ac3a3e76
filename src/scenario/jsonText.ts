/**
 * Scenario JSON as text → a value, for every place a person hands us a file (the CLI, the app's
 * import): a leading UTF-8 byte-order mark is dropped (editors on Windows write one), and text
 * too long or nested too deep is refused with a sentence naming the limit before anything
 * recursive (migration, validation) walks it — 5 000 levels of `[` in a 10 KB file would
 * otherwise end in a stack overflow.
 */

import { visit } from 'jsonc-parser';

/** Far above any scenario (the largest allowed one is well under 1 MB). */
export const MAX_SCENARIO_CHARS = 5_000_000;
/** A scenario nests about six levels (path → link → forward → errors → item → field); 64 is generous. */
export const MAX_JSON_DEPTH = 64;

/** The text broke a limit of the loader; `message` names the limit and the value found. */
export class JsonLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonLimitError';
  }
}

export type JsonText = { ok: true; value: unknown } | { ok: false; message: string };

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings ignored), and where it is first reached. */
export function jsonDepth(text: string): { depth: number; at: number } {
  let depth = 0;
  let max = 0;
  let at = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        max = depth;
        at = i;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return { depth: max, at };
}

/**
 * Throws JsonLimitError for text over the limits, its message starting with `subject` ("the
 * file", `scenario file "s.json"`); otherwise returns the text without its byte-order mark.
 */
export function checkJsonLimits(text: string, subject: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.length > MAX_SCENARIO_CHARS) throw new JsonLimitError(`${subject} has ${body.length} characters — a scenario file has at most ${MAX_SCENARIO_CHARS}`);
  const { depth, at } = jsonDepth(body);
  if (depth > MAX_JSON_DEPTH) throw new JsonLimitError(`${subject} nests ${depth} levels deep (from character ${at + 1}) — a scenario file nests at most ${MAX_JSON_DEPTH}`);
  return body;
}

/** Parses scenario JSON text within the limits; a failure's message starts with `subject`. */
export function parseJsonText(text: string, subject: string): JsonText {
  let body: string;
  try {
    body = checkJsonLimits(text, subject);
  } catch (e) {
    if (e instanceof JsonLimitError) return { ok: false, message: e.message };
    throw e;
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    // one line: the engine's message quotes the text around the fault, line breaks included
    return { ok: false, message: `${subject} is not valid JSON: ${(e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ')}` };
  }
  const dup = duplicateKey(body);
  if (dup) return { ok: false, message: `${subject} has the key "${dup.key}" twice in ${dup.where} — JSON keeps only the last one silently; remove one of them` };
  return { ok: true, value };
}

/**
 * The first key that appears twice in one object of (valid) JSON text, and where: JSON.parse
 * keeps the last value without a word, so a file with two "variant" keys would run something
 * its author may not have meant. Keys are compared unescaped ("a" and "\u0061" are the same).
 */
export function duplicateKey(text: string): { key: string; where: string } | null {
  const open: Set<string>[] = [];
  let found: { key: string; where: string } | null = null;
  visit(text, {
    onObjectBegin: () => {
      open.push(new Set());
    },
    onObjectEnd: () => {
      open.pop();
    },
    onObjectProperty: (key, _offset, _length, line, column, path) => {
      const keys = open[open.length - 1];
      if (found || !keys) return;
      if (keys.has(key)) {
        const at = path();
        found = { key, where: `${at.length === 0 ? 'the top-level object' : at.join('.')} (line ${line + 1}, column ${column + 1})` };
      }
      keys.add(key);
    },
  });
  return found;
}

/** A file's bytes are not text we read; the message names the file and what is wrong. */
export class TextFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TextFileError';
  }
}

/** decodeText, throwing TextFileError: for readers whose callers expect a string. */
export function decodeTextOrThrow(bytes: Uint8Array, subject: string): string {
  const d = decodeText(bytes, subject);
  if (!d.ok) throw new TextFileError(d.message);
  return d.text;
}

export type DecodedText = { ok: true; text: string } | { ok: false; message: string };

/**
 * A file's bytes as text. UTF-8 (with or without a byte-order mark) is read as is; UTF-16 with a
 * byte-order mark (what Windows tools call "Unicode") is decoded; anything else that is not
 * valid UTF-8 is refused with a sentence naming the first bad byte, rather than read as
 * replacement characters that would then fail somewhere less clear.
 */
export function decodeText(bytes: Uint8Array, subject: string): DecodedText {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { ok: true, text: new TextDecoder('utf-16le').decode(bytes.subarray(2)) };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { ok: true, text: new TextDecoder('utf-16be').decode(bytes.subarray(2)) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const at = firstBadUtf8(bytes);
    return { ok: false, message: `${subject} is not UTF-8 text (byte ${at + 1} is 0x${bytes[at].toString(16).padStart(2, '0')}) — save it as UTF-8 (or UTF-16 with a byte-order mark)` };
  }
  // UTF-16 without a byte-order mark: ASCII text with a zero byte beside every character
  if (text.includes('\u0000')) return { ok: false, message: `${subject} contains zero bytes: it looks like UTF-16 without a byte-order mark — save it as UTF-8` };
  return { ok: true, text };
}

/**
 * Offset of the first byte that is not valid UTF-8: the lenient decoder turns it into U+FFFD,
 * and everything before that character re-encodes to exactly the bytes it came from.
 */
function firstBadUtf8(bytes: Uint8Array): number {
  const lenient = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  let at = 0;
  for (let i = lenient.indexOf('\ufffd'); i >= 0; i = lenient.indexOf('\ufffd', i + 1)) {
    at = new TextEncoder().encode(lenient.slice(0, i)).length;
    // a U+FFFD written in the file itself (EF BF BD) is valid: look further
    if (!(bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd)) return at;
  }
  return at;
}

/** A JSON object (not an array, not null). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
