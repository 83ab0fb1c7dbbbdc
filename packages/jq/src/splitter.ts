/**
 * Finds complete top-level JSON texts in a stream of chunks, in linear time, so the jq command
 * can run the program on each input as soon as it has arrived (`producer | jq ... | head`).
 */

const enum St {
  Between,
  Scalar,
  Str,
  StrEsc,
  Container,
  ContainerStr,
  ContainerStrEsc,
}

function isDelim(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x5b || c === 0x7b || c === 0x22 || c === 0x1e;
}

/**
 * Splits concatenated JSON texts. Text that is not JSON is passed through for the parser to reject.
 * Each chunk is scanned once; an unfinished text is kept as a list of pieces and joined once when
 * it completes, so one large document arriving in many chunks costs linear time.
 */
export class JsonSplitter {
  /** Pieces of the text in progress, from earlier chunks. */
  #parts: string[] = [];
  #st = St.Between;
  #depth = 0;
  /** Line (1-based) and column at the start of the next chunk. */
  #line = 1;
  #col = 0;
  #textLine = 1;
  #textCol = 0;
  /**
   * Where each text returned by the last `push` starts in the whole input (line 1-based, column
   * 0-based), and the character right after it when the chunk has one (a malformed text's error
   * can depend on it: jq reports `a"` at the quote, not at the end of the input).
   */
  starts: { line: number; col: number; after?: string }[] = [];
  /** Offset in the last chunk pushed just past the last text it completed (-1 when it completed none). */
  lastEnd = -1;

  /** Adds a chunk; returns the texts completed by it. */
  push(chunk: string): string[] {
    const out: string[] = [];
    this.starts = [];
    this.lastEnd = -1;
    const s = chunk;
    const n = s.length;
    // The state lives in locals while scanning (private fields are slow in a per-character loop).
    let st = this.#st;
    let depth = this.#depth;
    let line = this.#line;
    let nl = -1; // the last newline counted in this chunk
    let nextNl = s.indexOf("\n");
    // Counts the newlines before `i` (lines are only needed where a text starts).
    const linesBefore = (i: number) => {
      while (nextNl >= 0 && nextNl < i) {
        line++;
        nl = nextNl;
        nextNl = s.indexOf("\n", nextNl + 1);
      }
    };
    // Where the text in progress starts in this chunk (0 when it began in an earlier one).
    let start = 0;
    const finish = (end: number) => {
      const tail = s.slice(start, end);
      out.push(this.#parts.length === 0 ? tail : this.#parts.join("") + tail);
      this.starts.push({ line: this.#textLine, col: this.#textCol, after: s[end] });
      this.#parts = [];
      this.lastEnd = end;
      st = St.Between;
    };
    let i = 0;
    while (i < n) {
      let c = s.charCodeAt(i);
      switch (st) {
        case St.Between:
          if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x1e || c === 0xfeff) {
            i++;
            break;
          }
          start = i;
          linesBefore(i);
          this.#textLine = line;
          this.#textCol = nl >= 0 ? i - nl - 1 : this.#col + i;
          if (c === 0x5b || c === 0x7b) {
            st = St.Container;
            depth = 1;
          } else if (c === 0x22) st = St.Str;
          else st = St.Scalar;
          i++;
          break;
        case St.Scalar:
          // A scalar keeps the whitespace that ends it (jq reports a bad literal after reading it).
          if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) finish(++i);
          else if (isDelim(c)) finish(i);
          else i++;
          break;
        case St.Str:
        case St.ContainerStr:
          // On to the closing quote or an escape.
          while (c !== 0x22 && c !== 0x5c && ++i < n) c = s.charCodeAt(i);
          if (i >= n) break;
          i++;
          if (c === 0x5c) st = st === St.Str ? St.StrEsc : St.ContainerStrEsc;
          else if (st === St.Str) finish(i);
          else st = St.Container;
          break;
        case St.StrEsc:
          st = St.Str;
          i++;
          break;
        case St.ContainerStrEsc:
          st = St.ContainerStr;
          i++;
          break;
        case St.Container:
          // On to the next quote or bracket.
          while (c !== 0x22 && c !== 0x5b && c !== 0x7b && c !== 0x5d && c !== 0x7d && ++i < n) c = s.charCodeAt(i);
          if (i >= n) break;
          i++;
          if (c === 0x22) st = St.ContainerStr;
          else if (c === 0x5b || c === 0x7b) depth++;
          else if (--depth === 0) finish(i);
          break;
      }
    }
    linesBefore(n);
    this.#st = st;
    this.#depth = depth;
    if (st !== St.Between) this.#parts.push(start === 0 ? s : s.slice(start));
    this.#line = line;
    this.#col = nl >= 0 ? n - nl - 1 : this.#col + n;
    return out;
  }

  /** The unfinished rest at end of input ("" when none); `starts[0]` is where it starts. */
  end(): string {
    const rest = this.#parts.join("");
    this.starts = [{ line: this.#textLine, col: this.#textCol }];
    this.#parts = [];
    this.#st = St.Between;
    return rest.trim() === "" ? "" : rest;
  }
}
