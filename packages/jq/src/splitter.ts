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

  /** Adds a chunk; returns the texts completed by it. */
  push(chunk: string): string[] {
    const out: string[] = [];
    const s = chunk;
    // Where the text in progress starts in this chunk (0 when it began in an earlier one).
    let start = 0;
    const finish = (end: number) => {
      const tail = s.slice(start, end);
      out.push(this.#parts.length === 0 ? tail : this.#parts.join("") + tail);
      this.#parts = [];
      this.#st = St.Between;
    };
    let i = 0;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      switch (this.#st) {
        case St.Between:
          if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x1e || c === 0xfeff) break;
          start = i;
          if (c === 0x5b || c === 0x7b) {
            this.#st = St.Container;
            this.#depth = 1;
          } else if (c === 0x22) this.#st = St.Str;
          else this.#st = St.Scalar;
          break;
        case St.Scalar:
          if (isDelim(c)) {
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
    return out;
  }

  /** The unfinished rest at end of input ("" when none). */
  end(): string {
    const rest = this.#parts.join("");
    this.#parts = [];
    this.#st = St.Between;
    return rest.trim() === "" ? "" : rest;
  }
}
