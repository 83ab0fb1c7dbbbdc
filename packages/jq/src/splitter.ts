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

/** Splits concatenated JSON texts. Text that is not JSON is passed through for the parser to reject. */
export class JsonSplitter {
  #buf = "";
  #pos = 0;
  #start = 0;
  #st = St.Between;
  #depth = 0;

  /** Adds a chunk; returns the texts completed by it. */
  push(chunk: string): string[] {
    this.#buf = this.#start === 0 ? this.#buf + chunk : this.#buf.slice(this.#start) + chunk;
    this.#pos -= this.#start;
    this.#start = 0;
    const out: string[] = [];
    const s = this.#buf;
    let i = this.#pos;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      switch (this.#st) {
        case St.Between:
          if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x1e || c === 0xfeff) {
            this.#start = i + 1;
          } else if (c === 0x5b || c === 0x7b) {
            this.#start = i;
            this.#st = St.Container;
            this.#depth = 1;
          } else if (c === 0x22) {
            this.#start = i;
            this.#st = St.Str;
          } else {
            this.#start = i;
            this.#st = St.Scalar;
          }
          break;
        case St.Scalar:
          if (isDelim(c)) {
            out.push(s.slice(this.#start, i));
            this.#start = i;
            this.#st = St.Between;
            i--;
          }
          break;
        case St.Str:
          if (c === 0x5c) this.#st = St.StrEsc;
          else if (c === 0x22) {
            out.push(s.slice(this.#start, i + 1));
            this.#start = i + 1;
            this.#st = St.Between;
          }
          break;
        case St.StrEsc:
          this.#st = St.Str;
          break;
        case St.Container:
          if (c === 0x22) this.#st = St.ContainerStr;
          else if (c === 0x5b || c === 0x7b) this.#depth++;
          else if (c === 0x5d || c === 0x7d) {
            if (--this.#depth === 0) {
              out.push(s.slice(this.#start, i + 1));
              this.#start = i + 1;
              this.#st = St.Between;
            }
          }
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
    this.#pos = i;
    return out;
  }

  /** The unfinished rest at end of input ("" when none). */
  end(): string {
    const rest = this.#buf.slice(this.#start);
    this.#buf = "";
    this.#start = this.#pos = 0;
    this.#st = St.Between;
    return rest.trim() === "" ? "" : rest;
  }
}
