/**
 * Invocation traces: what tool, help and discover commands ran, with their arguments and exit
 * statuses. Bounded: at most 256 entries (oldest dropped), arguments cut to 1,024 UTF-8 bytes.
 */

/** Maximum entries a trace keeps. */
export const MAX_TRACE_ENTRIES = 256;
/** Maximum UTF-8 bytes kept of one argument. */
export const MAX_TRACE_ARG_BYTES = 1024;

/** Which kind of command an entry records. */
export type InvocationKind = "tool" | "help" | "discover";

/** One recorded invocation. */
export interface ToolInvocation {
  readonly name: string;
  readonly kind: InvocationKind;
  readonly args: readonly string[];
  readonly exitCode: number;
}

/** Cuts `s` to at most `max` UTF-8 bytes without splitting a character. */
export function truncateUtf8(s: string, max = MAX_TRACE_ARG_BYTES): string {
  if (s.length * 3 <= max) return s;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let w: number;
    let units = 1;
    if (c < 0x80) w = 1;
    else if (c < 0x800) w = 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      w = 4;
      units = 2;
    } else w = 3;
    if (bytes + w > max) return s.slice(0, i);
    bytes += w;
    i += units - 1;
  }
  return s;
}

/**
 * A bounded invocation log. One per request (ScriptedTool makes one per `execute()`), or one
 * per ToolDefExtension build. Never share one between tenants.
 */
export class ToolInvocationTrace {
  #entries: ToolInvocation[] = [];
  #start = 0;

  /** Records an invocation (arguments are copied and truncated). */
  record(name: string, kind: InvocationKind, args: readonly string[], exitCode: number): void {
    const entry: ToolInvocation = Object.freeze({ name, kind, args: Object.freeze(args.map((a) => truncateUtf8(a))), exitCode });
    this.#entries.push(entry);
    if (this.#entries.length - this.#start > MAX_TRACE_ENTRIES) this.#start++;
    if (this.#start > MAX_TRACE_ENTRIES) {
      this.#entries = this.#entries.slice(this.#start);
      this.#start = 0;
    }
  }

  /** Number of entries held. */
  get size(): number {
    return this.#entries.length - this.#start;
  }

  /** The entries, oldest first, without clearing them. */
  peek(): ToolInvocation[] {
    return this.#entries.slice(this.#start);
  }

  /** Returns the entries, oldest first, and clears the trace. */
  take(): ToolInvocation[] {
    const out = this.peek();
    this.#entries = [];
    this.#start = 0;
    return out;
  }
}
