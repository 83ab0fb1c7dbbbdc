/**
 * @husk/pattern — the one pattern layer of Husk: globs (with extglob) for the interpreter and
 * `find`/`case`, and regular expressions (GNU BRE/ERE, Perl-style for `grep -P`, Oniguruma for
 * jq) on engines that cannot stall the thread. See README.md for the engine rules.
 */
export { RegexError } from "./errors.js";
export {
  type RegexFlavor,
  type RegexOptions,
  type RegexMatch,
  type CompiledRegex,
  type ExecOptions,
  compileRegex,
  parseRegex,
  regexCacheClear,
  escapeRegex,
} from "./regex.js";
export { type GlobOptions, type CompiledGlob, compileGlob, globCacheClear, hasGlobMeta, escapeGlob } from "./glob.js";
export { CharSet, CharSetBuilder, posixClass, POSIX_CLASSES, type PosixClass, isWordChar } from "./charset.js";
export type { Node as RegexNode, ParsedRegex } from "./ast.js";
export { type CustomPattern, type TokenOptions, type TokenType, type Token, type LexError, type LexResult, defineToken, ModalLexer } from "./lexer.js";
