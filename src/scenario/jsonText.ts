/**
 * Scenario JSON as text → a value, for every place a person hands us a file (the CLI, the app's
 * import): a leading UTF-8 byte-order mark is dropped (editors on Windows write one), and text
 * too long or nested too deep is refused with a sentence naming the limit before anything
 * recursive (migration, validation) walks it — 5 000 levels of `[` in a 10 KB file would
 * otherwise end in a stack overflow.
 */

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
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (e) {
    // one line: the engine's message quotes the text around the fault, line breaks included
    return { ok: false, message: `${subject} is not valid JSON: ${(e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ')}` };
  }
}

/** A JSON object (not an array, not null). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
