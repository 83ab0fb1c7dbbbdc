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
  /** Where each text returned by the last `push` starts in the whole input (line 1-based, column 0-based). */
  starts: { line: number; col: number }[] = [];

  /** Adds a chunk; returns the texts completed by it. */
  push(chunk: string): string[] {
    const out: string[] = [];
    this.starts = [];
    const s = chunk;
    let line = this.#line;
    let nl = -1; // the last newline seen in this chunk
    // Where the text in progress starts in this chunk (0 when it began in an earlier one).
    let start = 0;
    const finish = (end: number) => {
      const tail = s.slice(start, end);
      out.push(this.#parts.length === 0 ? tail : this.#parts.join("") + tail);
      this.starts.push({ line: this.#textLine, col: this.#textCol });
      this.#parts = [];
      this.#st = St.Between;
    };
    let i = 0;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x0a) {
        line++;
        nl = i;
      }
      switch (this.#st) {
        case St.Between:
          if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x1e || c === 0xfeff) break;
          start = i;
          this.#textLine = line;
          this.#textCol = nl >= 0 ? i - nl - 1 : this.#col + i;
          if (c === 0x5b || c === 0x7b) {
            this.#st = St.Container;
            this.#depth = 1;
          } else if (c === 0x22) this.#st = St.Str;
          else this.#st = St.Scalar;
          break;
        case St.Scalar:
          // A scalar keeps the whitespace that ends it (jq reports a bad literal after reading it).
          if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) finish(i + 1);
          else if (isDelim(c)) {
            finish(i);
            i--;
          }
          break;
        case St.Str:
          if (c === 0x5c) this.#st = St.StrEsc;
          else if (c === 0x22) finish(i + 1);
          break;
        case St.StrEsc:
          this.#st = St.Str;
          break;
        case St.Container:
          if (c === 0x22) this.#st = St.ContainerStr;
          else if (c === 0x5b || c === 0x7b) this.#depth++;
          else if ((c === 0x5d || c === 0x7d) && --this.#depth === 0) finish(i + 1);
          break;
        case St.ContainerStr:
          if (c === 0x5c) this.#st = St.ContainerStrEsc;
          else if (c === 0x22) this.#st = St.Container;
          break;
        case St.ContainerStrEsc:
          this.#st = St.ContainerStr;
          break;
      }
    }
    if (this.#st !== St.Between) this.#parts.push(start === 0 ? s : s.slice(start));
    this.#line = line;
    this.#col = nl >= 0 ? s.length - nl - 1 : this.#col + s.length;
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
