/**
 * `${ ... }`: the parameter expansions bash parses (name, `#` length, `!` indirection,
 * subscript, every operator), read by the word reader of ./words.ts.
 */
import type { Arithmetic, ParamExp, ParamOp, Word } from "./ast.js";
import { isDigit, isNameChar, isNameStart, SPECIALS, STOP_PARAM, STOP_SLASH, STOP_SLICE, STOP_SUBSCRIPT, TILDE_WORD } from "./chars.js";
import { sliceShared } from "./intern.js";
import type { Reader } from "./words.js";
import { BadOpNode, CaseOpNode, DefaultOpNode, NamesOpNode, ParamExpNode, ReplaceOpNode, SliceOpNode, TransformOpNode, TrimOpNode } from "./nodes.js";

/** `${ ... }` at s (`tildes`: see Reader.readDollar); `r.pos` is left after its `}`. */
export function readBraced(r: Reader, s: number, tildes: number): ParamExp {
  const src = r.src;
  r.pos = s + 2;
  let length = false;
  let indirect = false;
  const c0 = src[r.pos];
  if (c0 === "#" && src[r.pos + 1] !== "}") {
    // `${#name}` (length) unless followed by an operator: `${#:-x}`, `${##}`...
    const n = src[r.pos + 1]!;
    if (isNameStart(n) || isDigit(n) || ((SPECIALS.includes(n)) && (src[r.pos + 2] === "}" || src[r.pos + 2] === "["))) {
      length = true;
      r.pos++;
    }
  } else if (c0 === "!" && src[r.pos + 1] !== "}") {
    const n = src[r.pos + 1]!;
    if (isNameStart(n) || isDigit(n) || SPECIALS.includes(n)) {
      indirect = true;
      r.pos++;
    }
  }
  // The name.
  let name: string;
  const c = src[r.pos];
  if (c !== undefined && isNameStart(c)) {
    let j = r.pos + 1;
    while (j < r.end && isNameChar(src[j]!)) j++;
    name = sliceShared(src, r.pos, j);
    r.pos = j;
  } else if (c !== undefined && isDigit(c)) {
    let j = r.pos + 1;
    while (j < r.end && isDigit(src[j]!)) j++;
    name = src.slice(r.pos, j);
    r.pos = j;
  } else if (c !== undefined && SPECIALS.includes(c)) {
    name = c;
    r.pos++;
  } else {
    return badParam(r, s, "", length, indirect);
  }
  let index: Word | "@" | "*" | undefined;
  if (src[r.pos] === "[" && name !== "" && !SPECIALS.includes(name)) {
    const is = r.pos + 1;
    if ((src[is] === "@" || src[is] === "*") && src[is + 1] === "]") {
      index = src[is] as "@" | "*";
      r.pos = is + 2;
    } else {
      r.pos = is;
      index = r.readWordParts(STOP_SUBSCRIPT);
      if (r.pos >= r.end) r.eof("}", s);
      r.pos++;
    }
  }
  const o = src[r.pos];
  if (o === "}") return braced(r, s, name, length, indirect, index);
  if (length) return badParam(r, s, name, length, indirect);
  if (indirect && (o === "*" || o === "@") && src[r.pos + 1] === "}" && index === undefined) {
    r.pos++;
    return braced(r, s, name, length, indirect, index, new NamesOpNode(o === "*"));
  }
  switch (o) {
    case ":": {
      const o2 = src[r.pos + 1];
      if (o2 === "-" || o2 === "=" || o2 === "?" || o2 === "+") {
        r.pos += 2;
        return braced(r, s, name, length, indirect, index, new DefaultOpNode((":" + o2) as ":-", opWord(r, STOP_PARAM, o2 === "-" || o2 === "+" ? tildes : TILDE_WORD)));
      }
      r.pos++;
      const offset = sliceArith(r);
      if (src[r.pos] === ":") {
        r.pos++;
        const len = sliceArith(r);
        return braced(r, s, name, length, indirect, index, new SliceOpNode(offset, len));
      }
      return braced(r, s, name, length, indirect, index, new SliceOpNode(offset, undefined));
    }
    case "-":
    case "=":
    case "?":
    case "+":
      r.pos++;
      return braced(r, s, name, length, indirect, index, new DefaultOpNode(o, opWord(r, STOP_PARAM, o === "-" || o === "+" ? tildes : TILDE_WORD)));
    case "#":
    case "%": {
      const two = src[r.pos + 1] === o;
      r.pos += two ? 2 : 1;
      return braced(r, s, name, length, indirect, index, new TrimOpNode((two ? o + o : o) as "#", opWord(r, STOP_PARAM)));
    }
    case "/": {
      let op: "/" | "//" | "/#" | "/%" = "/";
      const o2 = src[r.pos + 1];
      if (o2 === "/" || o2 === "#" || o2 === "%") op = ("/" + o2) as "//";
      r.pos += op.length;
      // bash's parameter_brace_patsub: a pattern that starts with `/` keeps it (`${x///}`
      // deletes every `/`, `${x////c}` replaces each with c)
      const slash = op === "//" && src[r.pos] === "/";
      if (slash) r.pos++;
      const pattern = slash ? r.readWordParts(STOP_SLASH, TILDE_WORD, r.pos - 1) : opWord(r, STOP_SLASH);
      if (src[r.pos] === "/") {
        r.pos++;
        return braced(r, s, name, length, indirect, index, new ReplaceOpNode(op, pattern, opWord(r, STOP_PARAM)));
      }
      return braced(r, s, name, length, indirect, index, new ReplaceOpNode(op, pattern, undefined));
    }
    case "^":
    case ",": {
      const two = src[r.pos + 1] === o;
      r.pos += two ? 2 : 1;
      const op = (two ? o + o : o) as "^";
      if (src[r.pos] === "}") return braced(r, s, name, length, indirect, index, new CaseOpNode(op, undefined));
      return braced(r, s, name, length, indirect, index, new CaseOpNode(op, opWord(r, STOP_PARAM)));
    }
    case "@": {
      const t = src[r.pos + 1];
      if (t !== undefined && "QEPAaUuLKk".includes(t) && src[r.pos + 2] === "}") {
        r.pos += 2;
        return braced(r, s, name, length, indirect, index, new TransformOpNode(t as "Q"));
      }
      return badParam(r, s, name, length, indirect);
    }
  }
  return badParam(r, s, name, length, indirect);
}

/** The end of `${ ... }` (at its `}`, else a bad substitution) with what readBraced read. */
function braced(r: Reader, s: number, name: string, length: boolean, indirect: boolean, index: Word | "@" | "*" | undefined, op?: ParamOp): ParamExp {
  if (r.src[r.pos] !== "}" || r.pos >= r.end) {
    if (r.pos >= r.end) r.eof("}", s);
    return badParam(r, s, name, length, indirect);
  }
  r.pos++;
  const start = s + r.base;
  const end = r.pos + r.base;
  return new ParamExpNode(start, end, false, name, length, indirect, index, op);
}

/** The word after a parameter operator. */
function opWord(r: Reader, stop: number, tildes: number = TILDE_WORD): Word {
  return r.readWordParts(stop, tildes);
}

/** An offset or length of `${x:off:len}`. */
function sliceArith(r: Reader): Arithmetic {
  const start = r.pos;
  const parts = r.readParts(STOP_SLICE);
  return r.arith(parts, start, r.pos);
}

/**
 * A parameter expansion bash rejects only when it runs ("bad substitution"): read to the
 * matching `}` and keep the text.
 */
function badParam(r: Reader, s: number, name: string, length: boolean, indirect: boolean): ParamExp {
  r.pos = s + 2;
  r.readParts(STOP_PARAM);
  if (r.pos >= r.end) r.eof("}", s);
  const text = r.src.slice(s + 2, r.pos);
  r.pos++;
  return new ParamExpNode(s + r.base, r.pos + r.base, false, name, length, indirect, undefined, new BadOpNode(text));
}
