import { T, type Tok, type TokenKind } from "./grammar.js";

/**
 * A token whose image is sliced from the source only when asked for (errors, names). Token
 * objects are reused from line to line (see `Scanner.tokens`), so `set` rewrites every field.
 */
export class ScanToken implements Tok {
  tokenType: TokenKind = T.Newline;
  startOffset = 0;
  end = 0;
  payload: unknown = undefined;
  private src = "";
  private img: string | undefined = undefined;
  private localStart = 0;
  private localEnd = 0;
  set(tokenType: TokenKind, src: string, image: string | undefined, localStart: number, localEnd: number, base: number, payload: unknown): this {
    this.tokenType = tokenType;
    this.src = src;
    this.img = image;
    this.localStart = localStart;
    this.localEnd = localEnd;
    this.startOffset = localStart + base;
    this.end = localEnd + base;
    this.payload = payload;
    return this;
  }
  get image(): string {
    return (this.img ??= this.src.slice(this.localStart, this.localEnd));
  }
}
