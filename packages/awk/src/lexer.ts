/**
 * The awk lexer (@husk/pattern's ModalLexer). Two awk-specific rules are decided here:
 * - regex versus division: a `/` starts a regex literal unless the previous significant token
 *   ends an operand (name, number, string, `)`, `]`, `$`-less incr/decr), as POSIX describes;
 * - newlines: they terminate statements, but are dropped after tokens that cannot end one
 *   (`{ && || , do else` and another newline), and a backslash-newline is a continuation.
 */
import { defineToken, ModalLexer, type Token as IToken, type TokenOptions, type TokenType } from "@husk/pattern";
import { AwkSyntaxError } from "./errors.js";

/** Token kinds that end an operand: a `/` after one of them is division. */
const OPERAND_END = new Set<string>(["Name", "FuncName", "Number", "String", "RParen", "RBracket", "Incr", "Decr", "Dollar"]);

/** Reserved words of the language (gawk's set, minus the ones we refuse). */
export const KEYWORDS = new Set([
  "BEGIN", "END", "BEGINFILE", "ENDFILE", "function", "func", "if", "else", "while", "for", "do", "break",
  "continue", "next", "nextfile", "exit", "return", "delete", "getline", "print", "printf", "in",
]);

function matchRegex(text: string, offset: number, tokens: readonly IToken[]): { 0: string } | null {
  if (text.charCodeAt(offset) !== 47 /* / */) return null;
  const prev = tokens.length > 0 ? tokens[tokens.length - 1] : undefined;
  if (prev !== undefined && OPERAND_END.has(prev.tokenType.name) && !(prev.tokenType.name === "Name" && KEYWORDS.has(prev.image))) {
    return null;
  }
  let i = offset + 1;
  let inBracket = false;
  while (i < text.length) {
    const c = text[i];
    if (c === "\n") return null;
    if (c === "\\" && i + 1 < text.length) {
      i += 2;
      continue;
    }
    if (inBracket) {
      if (c === "[" && text[i + 1] === ":") {
        const close = text.indexOf(":]", i + 2);
        if (close > 0) {
          i = close + 2;
          continue;
        }
      }
      if (c === "]") inBracket = false;
      i++;
      continue;
    }
    if (c === "[") {
      inBracket = true;
      i++;
      if (text[i] === "^") i++;
      if (text[i] === "]") i++;
      continue;
    }
    if (c === "/") {
      return [text.slice(offset, i + 1)];
    }
    i++;
  }
  return null;
}

const T = (name: string, pattern: RegExp | string, extra: Partial<TokenOptions> = {}): TokenType => defineToken({ name, pattern, ...extra });

/** Every token type, by name. */
export const Tok = {
  WS: T("WS", /[ \t\r\f\v]+|\\\r?\n/, { skip: true }),
  Comment: T("Comment", /#[^\n]*/, { skip: true }),
  Newline: T("Newline", /\n/),
  Regex: defineToken({ name: "Regex", pattern: { exec: matchRegex } }),
  String: T("String", /"(?:[^"\\\n]|\\[\s\S])*"/),
  Number: T("Number", /0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/),
  FuncName: T("FuncName", /[A-Za-z_][A-Za-z_0-9]*(?=\()/),
  Name: T("Name", /[A-Za-z_][A-Za-z_0-9]*/),
  PowAssign: T("PowAssign", /\*\*=|\^=/),
  Pow: T("Pow", /\*\*|\^/),
  AddAssign: T("AddAssign", /\+=/),
  SubAssign: T("SubAssign", /-=/),
  MulAssign: T("MulAssign", /\*=/),
  DivAssign: T("DivAssign", /\/=/),
  ModAssign: T("ModAssign", /%=/),
  Incr: T("Incr", /\+\+/),
  Decr: T("Decr", /--/),
  Plus: T("Plus", /\+/),
  Minus: T("Minus", /-/),
  Star: T("Star", /\*/),
  Slash: T("Slash", /\//),
  Percent: T("Percent", /%/),
  Eq: T("Eq", /==/),
  Ne: T("Ne", /!=/),
  Le: T("Le", /<=/),
  Ge: T("Ge", />=/),
  Append: T("Append", />>/),
  Lt: T("Lt", /</),
  Gt: T("Gt", />/),
  NoMatch: T("NoMatch", /!~/),
  Tilde: T("Tilde", /~/),
  Not: T("Not", /!/),
  And: T("And", /&&/),
  Or: T("Or", /\|\|/),
  PipeBoth: T("PipeBoth", /\|&/),
  Pipe: T("Pipe", /\|/),
  Question: T("Question", /\?/),
  Colon: T("Colon", /:/),
  Assign: T("Assign", /=/),
  Dollar: T("Dollar", /\$/),
  LBrace: T("LBrace", /\{/),
  RBrace: T("RBrace", /\}/),
  LParen: T("LParen", /\(/),
  RParen: T("RParen", /\)/),
  LBracket: T("LBracket", /\[/),
  RBracket: T("RBracket", /\]/),
  Comma: T("Comma", /,/),
  Semi: T("Semi", /;/),
  At: T("At", /@/),
} as const;

// Order matters: regex before the `/` operators; FuncName before Name; longer operators first.
const ORDER: TokenType[] = [
  Tok.WS, Tok.Comment, Tok.Newline, Tok.Regex, Tok.String, Tok.Number, Tok.FuncName, Tok.Name,
  Tok.PowAssign, Tok.Pow, Tok.AddAssign, Tok.SubAssign, Tok.MulAssign, Tok.DivAssign, Tok.ModAssign,
  Tok.Incr, Tok.Decr, Tok.Plus, Tok.Minus, Tok.Star, Tok.Slash, Tok.Percent, Tok.Eq, Tok.Ne, Tok.Le,
  Tok.Ge, Tok.Append, Tok.Lt, Tok.Gt, Tok.NoMatch, Tok.Tilde, Tok.Not, Tok.And, Tok.Or, Tok.PipeBoth,
  Tok.Pipe, Tok.Question, Tok.Colon, Tok.Assign, Tok.Dollar, Tok.LBrace, Tok.RBrace, Tok.LParen,
  Tok.RParen, Tok.LBracket, Tok.RBracket, Tok.Comma, Tok.Semi, Tok.At,
];

let lexer: ModalLexer | undefined;

/** Tokens after which a newline is not significant. */
const NL_EATERS = new Set<TokenType>([Tok.LBrace, Tok.And, Tok.Or, Tok.Comma, Tok.Newline, Tok.Semi]);
const NL_EATER_WORDS = new Set(["do", "else"]);

/**
 * Tokenizes an awk program. Returns significant tokens (insignificant newlines removed).
 * Throws AwkSyntaxError on a character no token matches.
 */
export function tokenize(source: string): IToken[] {
  lexer ??= new ModalLexer(ORDER);
  const res = lexer.tokenize(source);
  if (res.errors.length > 0) {
    const e = res.errors[0]!;
    throw new AwkSyntaxError(e.line ?? 1, e.offset, source, "syntax error");
  }
  const out: IToken[] = [];
  for (const t of res.tokens) {
    if (t.tokenType === Tok.Newline) {
      const prev = out[out.length - 1];
      if (prev === undefined) continue;
      if (NL_EATERS.has(prev.tokenType)) continue;
      if (prev.tokenType === Tok.Name && NL_EATER_WORDS.has(prev.image)) continue;
    }
    out.push(t);
  }
  return out;
}
