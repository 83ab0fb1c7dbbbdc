/**
 * Standard input for the jq modes that need all of it before running (--slurp, --raw-input,
 * `input`/`inputs`, --seq, --stream). Up to `maxIn` it is read as one text, as ever. Past that it
 * is cut into many sources, so that no string of the whole input is built: pieces of whole
 * lines (raw input) or of whole JSON texts (each with the count of newlines before it, for the
 * line numbers of errors).
 * What is held is charged to the run's data budget (maxDataBytes) and recorded in `held`, for
 * the caller to give back when the run ends.
 */
import { type CommandContext, LimitError } from "@husk/host";
import { JsonSplitter } from "./splitter.js";

/** One piece of standard input: its text and the newlines of stdin before it. */
export interface StdinSource {
  readonly name: null;
  readonly text: string;
  /** Newlines before `text` in the whole input. */
  readonly base: number;
}

/** Bytes charged to the data budget, to be given back (`chargeData(-bytes)`) at the end of the run. */
export interface Held {
  bytes: number;
}

/** Reads all of stdin as sources (see the module comment); `raw`: cut at newlines, else between JSON texts. */
export async function readStdinSources(ctx: CommandContext, maxIn: number, raw: boolean, held: Held): Promise<StdinSource[]> {
  const chunks: string[] = [];
  let total = 0;
  const read = async (): Promise<string | undefined> => {
    const c = await ctx.stdin.read();
    if (c !== undefined) {
      ctx.meter.chargeData(c.length);
      held.bytes += c.length;
    }
    return c;
  };
  for (let c = await read(); c !== undefined; c = await read()) {
    chunks.push(c);
    total += c.length;
    if (total > maxIn) break;
  }
  if (total <= maxIn) return [{ name: null, text: chunks.join(""), base: 0 }];
  const out: StdinSource[] = [];
  let take: (chunk: string) => void;
  let finish: () => void;
  if (raw) {
    let carry = "";
    let base = 0;
    take = (chunk) => {
      const t = carry + chunk;
      const i = t.lastIndexOf("\n");
      if (i < 0) {
        carry = t;
        ctx.meter.checkString(carry.length);
        return;
      }
      const text = t.slice(0, i + 1);
      out.push({ name: null, text, base });
      for (let k = text.indexOf("\n"); k >= 0; k = text.indexOf("\n", k + 1)) base++;
      carry = t.slice(i + 1);
    };
    finish = () => {
      if (carry !== "") out.push({ name: null, text: carry, base });
    };
  } else {
    // pieces of the input itself (whitespace and all, for the line numbers of errors), each
    // ending where a JSON text ended
    const splitter = new JsonSplitter();
    let pending: string[] = [];
    let pendingLength = 0;
    let base = 0;
    const cut = (text: string): void => {
      out.push({ name: null, text, base });
      for (let k = text.indexOf("\n"); k >= 0; k = text.indexOf("\n", k + 1)) base++;
    };
    take = (chunk) => {
      splitter.push(chunk);
      const end = splitter.lastEnd;
      if (end < 0) {
        pending.push(chunk);
        pendingLength += chunk.length;
        ctx.meter.checkString(pendingLength);
        return;
      }
      cut(pending.join("") + chunk.slice(0, end));
      pending = end < chunk.length ? [chunk.slice(end)] : [];
      pendingLength = chunk.length - end;
    };
    finish = () => {
      if (pendingLength > 0) cut(pending.join(""));
    };
  }
  for (const c of chunks) take(c);
  chunks.length = 0;
  for (let c = await read(); c !== undefined; c = await read()) {
    take(c);
    ctx.meter.tick();
  }
  finish();
  return out;
}

/**
 * The raw input slurped as one string (`jq -Rs`). Stdin cut into pieces (past `maxIn`) cannot
 * be one string: that fails with the maxStringBytes LimitError.
 */
export function joinSlurped(ctx: CommandContext, sources: readonly { readonly name: string | null; readonly text: string }[]): string {
  const max = ctx.meter.limits.maxStringBytes;
  if (sources.length > 1 && sources.every((s) => s.name === null)) throw new LimitError("maxStringBytes", `input too large: more than ${max} bytes`);
  return sources.map((s) => s.text).join("");
}
