/**
 * `--stream` input as jq 1.8 reads it: the streaming state machine of jv_parse.c, which turns
 * JSON text into `[path, leaf]` and closing `[path]` events as it goes, without building the
 * document. Reading the text this way (not parsing it, then walking the value) gives what jq
 * gives where the two differ: every member of an object with a repeated key
 * (`{"a":1,"a":2}` streams both), the events before a malformed part (`[1,tru]` streams
 * `[[0],1]`, then the error), and the streaming parser's own error messages ("Unmatched ']' at
 * the top-level", "Missing value in key:value pair"...).
 */
import { SLOT, charge, tick } from "./budget.js";
import { JvScan, STRING_END, TAKEN, errorAt, stringToken } from "./json-error.js";
import type { Val } from "./value.js";
import { JqMap } from "./value.js";

/** What the parser saw last (jq's `last_seen`). */
const NONE = 0;
const OPEN_ARRAY = 1;
const OPEN_OBJECT = 2;
const COLON = 3;
const COMMA = 4;
const VALUE = 5;

/**
 * The events of the JSON texts in `text` (`line`/`col`: jq's position where it starts, col in
 * UTF-8 bytes), yielded as they are read; returns jq's error message for the first malformed
 * part (reading stops there), or undefined. `number(w)` is jq's reading of a bare word that is
 * not true/false/null.
 */
export function* streamJson(text: string, line: number, col: number, number: (w: string) => Val | undefined): Generator<Val, string | undefined> {
  const path: Val[] = [];
  let last = NONE;
  let has = false;
  let next: Val = null;
  /** An event still to come: a closing `[path]` after a `[path, leaf]`, or a whole event. */
  let output: Val[] | undefined;
  const sc = new JvScan(line, col);
  /** Events of the character being read (dropped if that character is an error, as jq does). */
  let out: Val[] = [];
  const event = (ev: Val[]): void => {
    tick();
    charge(SLOT * (path.length + 3));
    out.push(ev);
  };
  const value = (v: Val): string | undefined => {
    if (has || last === VALUE) return "Expected separator between values";
    last = path.length > 0 ? VALUE : NONE;
    next = v;
    has = true;
    return undefined;
  };
  const checkLiteral = (): string | undefined => {
    const r = sc.takeLiteral(number);
    return r === undefined ? undefined : "error" in r ? r.error : value(r.v);
  };
  /** Hands out the events read, then a closing event still due (jq emits it before reading on). */
  const drain = function* (): Generator<Val> {
    yield* out;
    out = [];
    if (output !== undefined) {
      checkDone();
      yield* out;
      out = [];
    }
  };
  const checkDone = (): void => {
    if (path.length === 0 && has) {
      event([[], next]);
      has = false;
      next = null;
    } else if (output !== undefined) {
      if (output.length > 2) {
        event([output[0]!, output[1]!]);
        output = [output[0]!];
      } else {
        event(output);
        output = undefined;
      }
    }
  };
  const topKind = (): string => {
    const k = path[path.length - 1];
    return typeof k === "number" ? "number" : typeof k === "string" ? "string" : "null";
  };
  const structure = (ch: string): string | undefined => {
    switch (ch) {
      case "[":
        if (has) return "Expected a separator between values";
        if (last === OPEN_OBJECT) return "Expected string key after '{', not '['";
        if (last === COMMA && topKind() !== "number") return "Expected string key after ',' in object, not '['";
        path.push(0);
        last = OPEN_ARRAY;
        return undefined;
      case "{":
        if (last === VALUE) return "Expected a separator between values";
        if (last === OPEN_OBJECT) return "Expected string key after '{', not '{'";
        if (last === COMMA && topKind() !== "number") return "Expected string key after ',' in object, not '{'";
        path.push(null);
        last = OPEN_OBJECT;
        return undefined;
      case ":":
        if (path.length === 0 || topKind() === "number") return "':' not as part of an object";
        if (!has || last === NONE) return "Expected string key before ':'";
        if (typeof next !== "string") return "Object keys must be strings";
        if (last !== VALUE) return "':' should follow a key";
        last = COLON;
        path[path.length - 1] = next;
        has = false;
        return undefined;
      case ",": {
        if (last !== VALUE) return "Expected value before ','";
        if (path.length === 0) return "',' not as part of an object or array";
        const k = path[path.length - 1];
        if (typeof k === "number" || typeof k === "string") {
          if (has) output = [path.slice(), next];
          has = false;
          path[path.length - 1] = typeof k === "number" ? k + 1 : null;
          last = COMMA;
          return undefined;
        }
        return "Objects must consist of key:value pairs";
      }
      case "]": {
        if (path.length === 0) return "Unmatched ']' at the top-level";
        if (last === COMMA) return "Expected another array element";
        if (topKind() !== "number") return "Unmatched ']' in the middle of an object";
        if (has) output = [path.slice(), next, true];
        else if (last !== OPEN_ARRAY) output = [path.slice()];
        path.pop();
        has = false;
        if (last === OPEN_ARRAY) output = [path.slice(), []];
        last = path.length === 0 ? NONE : VALUE;
        return undefined;
      }
      default: {
        // "}"
        if (path.length === 0) return "Unmatched '}' at the top-level";
        if (last === COMMA) return "Expected another key:value pair";
        const k = topKind();
        if (k === "number") return "Unmatched '}' in the middle of an array";
        if (has) {
          if (k !== "string") return "Objects must consist of key:value pairs";
          output = [path.slice(), next, true];
        } else {
          if (last === COLON) return "Missing value in key:value pair";
          if (last === OPEN_ARRAY) return "Unmatched '}' in the middle of an array";
          if (last !== VALUE && last !== OPEN_OBJECT) return "Unmatched '}'";
          if (last !== OPEN_OBJECT) output = [path.slice()];
        }
        path.pop();
        has = false;
        if (last === OPEN_OBJECT) output = [path.slice(), new JqMap()];
        last = path.length === 0 ? NONE : VALUE;
        return undefined;
      }
    }
  };

  for (let i = 0; i < text.length; i++) {
    if (out.length > 0) yield* drain();
    const ch = text[i]!;
    const k = sc.step(ch);
    if (k === TAKEN) continue;
    let err: string | undefined;
    if (k === STRING_END) {
      const r = stringToken(sc.raw);
      err = "error" in r ? r.error : value(r.v);
    } else {
      err = checkLiteral();
      if (err === undefined) {
        checkDone();
        if (ch !== '"' && ch > " ") err = structure(ch);
      }
    }
    if (err !== undefined) return errorAt(err, false, sc.line, sc.col);
    checkDone();
  }
  yield* drain();
  if (sc.inString) return errorAt("Unfinished string", true, sc.line, sc.col);
  const err = checkLiteral();
  if (err !== undefined) return errorAt(err, true, sc.line, sc.col);
  if (path.length !== 0) return errorAt("Unfinished JSON term", true, sc.line, sc.col);
  if (has) {
    event([[], next]);
    yield* out;
  }
  return undefined;
}
