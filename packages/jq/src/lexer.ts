/**
 * The jq lexer (@husk/pattern's ModalLexer). Two modes: `code` and `string`. A `"` enters string mode; inside a
 * string, `\(` enters code mode for an interpolation, and the matching `)` returns to the
 * string (every `(` pushes code mode and every `)` pops it, so parentheses nest).
 */
import { defineToken, ModalLexer, type Token, type TokenOptions, type TokenType } from "@husk/pattern";

const t = (name: string, pattern: RegExp | string, extra: Partial<TokenOptions> = {}): TokenType => defineToken({ name, pattern, ...extra });

/** Whitespace and comments (skipped). */
const WS = t("WS", /[ \t\r\n\f\v\ufeff]+/, { skip: true });
const Comment = t("Comment", /#[^\n]*/, { skip: true });

/** `.name` (a field access; keywords allowed after the dot). */
export const Field = t("Field", /\.[a-zA-Z_][a-zA-Z_0-9]*/);
/** `$name` or `$__loc__`. */
export const Var = t("Var", /\$(?:[a-zA-Z_][a-zA-Z_0-9]*::)*[a-zA-Z_][a-zA-Z_0-9]*/);
/** `@name` format. */
export const Format = t("Format", /@[a-zA-Z0-9_]+/);
/** Numeric literal. */
export const Num = t("Num", /(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/);
/** Identifier (possibly module-qualified `a::b`). Keywords are matched on its text by the parser. */
export const Ident = t("Ident", /(?:[a-zA-Z_][a-zA-Z_0-9]*::)*[a-zA-Z_][a-zA-Z_0-9]*/);

export const QQStart = t("QQStart", '"', { push: "string" });
export const LParen = t("LParen", "(", { push: "code" });
export const RParen = t("RParen", ")", { pop: true });

/** Operators and punctuation, longest first. */
const OPS = [
  ["AltDestr", "?//"],
  ["SetAlt", "//="],
  ["Alt", "//"],
  ["SetPipe", "|="],
  ["SetPlus", "+="],
  ["SetMinus", "-="],
  ["SetMult", "*="],
  ["SetDiv", "/="],
  ["SetMod", "%="],
  ["Eq", "=="],
  ["Neq", "!="],
  ["Le", "<="],
  ["Ge", ">="],
  ["DotDot", ".."],
  ["Assign", "="],
  ["Lt", "<"],
  ["Gt", ">"],
  ["Pipe", "|"],
  ["Comma", ","],
  ["Plus", "+"],
  ["Minus", "-"],
  ["Star", "*"],
  ["Slash", "/"],
  ["Percent", "%"],
  ["Dot", "."],
  ["Question", "?"],
  ["Colon", ":"],
  ["Semi", ";"],
  ["LBracket", "["],
  ["RBracket", "]"],
  ["LBrace", "{"],
  ["RBrace", "}"],
] as const;
/** Operator token types by their text. */
export const OP: Record<string, TokenType> = Object.create(null);
const opTokens: TokenType[] = [];
for (const [name, text] of OPS) {
  const tok = t(name, text);
  OP[text] = tok;
  opTokens.push(tok);
}
// A bad character anywhere in code: reported by the parser as a syntax error.
export const Invalid = t("Invalid", /[^]/);

// String mode.
export const QQEnd = t("QQEnd", '"', { pop: true });
export const InterpStart = t("InterpStart", "\\(", { push: "code" });
export const StrText = t("StrText", /[^"\\]+/);
export const StrEscape = t("StrEscape", /\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])/);
export const StrBadEscape = t("StrBadEscape", /\\[^]?/);

const codeMode = [WS, Comment, Num, Field, Var, Format, Ident, QQStart, LParen, RParen, ...opTokens, Invalid];
const JQ_LEXER = new ModalLexer({ code: codeMode, string: [QQEnd, InterpStart, StrEscape, StrBadEscape, StrText] }, "code");

/** Result of lexing: tokens, or the first error's offset and message. */
export interface LexResult {
  readonly tokens: Token[];
  readonly error?: { offset: number; message: string };
}

/** Tokenizes a jq program. */
export function lex(text: string): LexResult {
  const r = JQ_LEXER.tokenize(text);
  if (r.errors.length > 0) {
    const e = r.errors[0]!;
    return { tokens: r.tokens, error: { offset: e.offset, message: e.message } };
  }
  return { tokens: r.tokens };
}
