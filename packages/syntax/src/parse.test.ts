import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Command, SimpleCommand, Statement } from "./ast.js";
import { parse, ParseError, Parser, parsePatternWord, print } from "./api.js";
import { wordParts } from "./word.js";

const dir = mkdtempSync(join(tmpdir(), "husk-syntax-"));
let n = 0;
/** Runs real `bash -n` on a script: exit status and first error message (without the prefix). */
function bashN(script: string): { ok: boolean; message?: string; line?: number } {
  const f = join(dir, `c${n++}.sh`);
  writeFileSync(f, script);
  const r = spawnSync("bash", ["-n", f], { encoding: "utf8" });
  const lines = r.stderr.split("\n").filter((l) => l !== "" && !l.includes("warning:"));
  if (r.status === 0 && lines.length === 0) return { ok: true };
  const m = /line (\d+): (.*)$/.exec(lines[0] ?? "");
  return { ok: false, message: m?.[2], line: m ? Number(m[1]) : undefined };
}

const ACCEPT = [
  "echo hi",
  "echo if then fi",
  "a=1 b=(x y [3]=z) c+=d e[1+2]=f cmd arg",
  "declare -a arr=(1 2 3) x=1; local y",
  "echo >f 2>&1 <in >>app >|clob <>rw 3<&0 4>&- &>both &>>both2 {fd}>file",
  "cat <<EOF\n$x\nEOF\ncat <<'Q' <<-\"R\"\n$y\nQ\n\tz\n\tR\necho done",
  "a | b |& c && d || e & f; g",
  "! a | b; time -p c; time",
  "{ a; b; } > out; ( c; d ) 2>/dev/null",
  "if a; then b; elif c; then d; else e; fi",
  "while a; do b; done; until c; do d; done",
  "for x in a b c; do echo $x; done; for y; do :; done; for z\ndo :; done",
  "for ((i=0; i<10; i++)); do echo $i; done; for ((;;)) { break; }",
  "select s in a b; do break; done",
  "case $x in a|b) echo ab;; (c) echo c;& d) echo d;;& *) ;; esac",
  "case x in\n  a)\n    echo a\n    ;;\nesac",
  "f() { echo; }; function g { echo; }; function h() ( echo )",
  "coproc cat; coproc NAME { cat; }",
  "(( x = 1 + 2 * 3, y <<= 2 ))",
  "[[ -f a && ( b == c* || ! d =~ ^(a|b)+$ ) ]]",
  "echo ${x:-a} ${x-a} ${x:=a} ${x:?a} ${x:+a} ${#x} ${x#a} ${x##a} ${x%a} ${x%%a}",
  "echo ${x/a/b} ${x//a/b} ${x/#a/b} ${x/%a/b} ${x^} ${x^^} ${x,} ${x,,a} ${x:1:2} ${x: -1}",
  "echo ${!x} ${!pre*} ${!pre@} ${!arr[@]} ${x@Q} ${a[1]} ${a[@]} ${#a[*]} ${10} $1 $@ $# $? $$ $! $-",
  "echo $(echo a) `echo b` $((1+2)) $[3] <(ls) >(cat) \"$(echo \"q\")\"",
  "echo 'sq' \"dq $x\" $'ansi\\n' $\"loc\" a\\ b ~ ~/x ~user/y",
  "[[ x == @(a|b) && y != !(c) ]]",
  "echo a # comment\n# full line\necho b \\\n  c",
  "x=$(case y in y) echo yes;; esac)",
  "echo $(( (1+2) * 3 )) $( (echo sub) )",
  "if { true; } then echo; fi",
  "foo-bar() { ls; }",
  "! !",
  "echo x=~/a:~/b",
  "echo {a,b}{1..3} {}",
  "[[\n-f x ]]", "[[ a == a\n]]", "[[ ! \na ]]", "[[ (\na ) ]]", "[[ a ||\nb ]]", "cat >&3>x <&3<y 2>&3>z",
];

describe("parse accepts what bash -n accepts", () => {
  for (const src of ACCEPT) {
    it(JSON.stringify(src).slice(0, 70), () => {
      expect(bashN(src).ok).toBe(true);
      expect(() => parse(src)).not.toThrow();
    });
  }
});

const REJECT = [
  "fi",
  "if true; then echo",
  "echo \"abc",
  "echo 'abc",
  "echo $(echo",
  "echo `x",
  "echo ${x",
  "{ }",
  "a; ;",
  "echo >",
  "echo > ;",
  "while true; do echo; done done",
  "( a ) b",
  "f() echo",
  "x=1 if true; then echo; fi",
  "echo a;;",
  "then",
  "a &&",
  "echo )",
  "for x in a b; echo; done",
  "a=(1 2",
  "{ a; } b",
  // More shapes checked against bash -n (message and line).
  "done", "esac", "else", "}", ";;", "|", "||", "&", ";", "a | | b", "a && && b", "if", "if true", "if true; then",
  "if true; then :; else", "while true", "while true; do", "for", "for x", "for x in a", "for x in a; do", "case",
  "case x", "case x in", "case x in a", "case x in a)", "case x in a) ;;", "{", "{ a", "(", "( a", "f()", "f() {",
  "function", "function f", "a=(", "echo $((", "echo ${", "echo \"", "echo `", "echo $'x", "cat <<", "echo <",
  "echo 2>", "echo >&", "((", "(( 1", "echo a )", "a=1 (", "if then fi", "while do done", "for x in; do done",
  "case x in a) b;; c", "time |", "echo ;&", "{ a; } }", "select", "coproc", "a; ; b", "echo a\n)\n",
  "if true; then\n  echo\nfi\nfi", "echo $(if)", "x=$(while)", "echo $(for)", "echo $(echo\nif true; then\n)", "for ((", "for ((;;", "for ((;;)) ; do", "echo ${x:-", "case x in (a b) ;; esac",
  "a |",
  // A newline after a [[ ]] word or operator (bash -n prints these but exits 0; bash does not
  // run the script); digits before < or > after a redirection operator.
  "[[ a ==\nb ]]", "[[ a\n== b ]]", "[[ -f\nx ]]", "[[ a\n]]", "[[ ( a\n) ]]", "[[ a =~\nb ]]", "[[ a\n|| b ]]",
  "cat >3>x", "cat <<3<<3", "echo a >3<&1",
];

describe("parse rejects what bash -n rejects, with bash's message", () => {
  for (const src of REJECT) {
    it(JSON.stringify(src), () => {
      const b = bashN(src);
      expect(b.ok).toBe(false);
      let err: unknown;
      try {
        parse(src);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).message).toBe(b.message);
      expect((err as ParseError).line).toBe(b.line);
    });
  }
});

const first = (src: string, extglob?: () => boolean): Command => parse(src, extglob === undefined ? undefined : { extglob }).body[0]!.command;

describe("AST shapes", () => {
  it("keywords only in command position", () => {
    const c = first("echo if then") as SimpleCommand;
    expect(c.words.map((w) => (wordParts(w)[0] as { value: string }).value)).toEqual(["echo", "if", "then"]);
  });
  it("assignments and declaration arguments", () => {
    const c = first("declare -a a=(1 2) b=x c") as SimpleCommand;
    expect(c.words).toHaveLength(5);
    expect(c.argAssignments?.[2]?.array).toHaveLength(2);
    expect(c.argAssignments?.[3]?.name).toBe("b");
    expect(c.argAssignments?.[1]).toBeUndefined();
    expect(c.argAssignments?.[4]).toBeUndefined();
  });
  it("a declaration argument's plain word is the text read as one word (bash: `local ab\\<newline>=1 cd\\<newline>+=2 e\\<newline>f=3` sets ab, cd, ef)", () => {
    // Each argument's word must be what the same text is as an ordinary argument (`lokal`:
    // same length, not a declaration builtin), also where the name is joined across a
    // backslash-newline and the value is built from the assignment's parts.
    const args = "ab\\\n=1 cd\\\n+=2 e\\\nf=3 x=\\\ny \"$q\"z=a~b";
    const d = first(`local ${args}`) as SimpleCommand;
    const plain = first(`lokal ${args}`) as SimpleCommand;
    expect(d.words.slice(1)).toEqual(plain.words.slice(1));
    expect(d.argAssignments?.map((a) => a?.name)).toEqual([undefined, "ab", "cd", "ef", "x", undefined]);
  });
  it("here-doc bodies fill at the next newline, several per line", () => {
    const c = first("cat <<A <<-'B'\nx $y\nA\n\tz\n\tB\n") as SimpleCommand;
    expect(wordParts(c.redirects[0]!.heredoc!.body).map((p) => p.type)).toEqual(["Literal", "ParamExp", "Literal"]);
    expect(c.redirects[1]!.heredoc).toMatchObject({ quoted: true, stripTabs: true, delimiter: "B" });
    expect(wordParts(c.redirects[1]!.heredoc!.body)[0]).toMatchObject({ value: "z\n" });
  });
  it("arithmetic is pre-parsed only without expansions", () => {
    const w = (first("echo $((1+2)) $((x+$y))") as SimpleCommand).words;
    expect(wordParts(w[1]!)[0]).toMatchObject({ type: "ArithSub", expr: { expr: { type: "ArithBinary", op: "+" } } });
    expect((wordParts(w[2]!)[0] as { expr: { expr?: unknown } }).expr.expr).toBeUndefined();
  });
  it("spans cover the source", () => {
    const s = parse("echo a\n  foo bar\n");
    expect(s.body[1]).toMatchObject({ start: 9, end: 16 });
    const w = (s.body[1]!.command as SimpleCommand).words[1]!;
    expect([w.start, w.end, wordParts(w)[0]!.start, wordParts(w)[0]!.end]).toEqual([13, 16, 13, 16]);
  });
  it("array literals nested through $( ) keep their own elements, also after a parse that failed inside one", () => {
    const elements = (src: string) => ((parse(src).body[0]!.command as SimpleCommand).assignments[0]?.array ?? []).map((e) => print(e.value));
    expect(elements('a=(1 "$(b=(x y z); echo)" 3)')).toEqual(["1", '"$(b=(x y z); echo)"', "3"]);
    expect(elements("local a=(1 2) b=x c=(3)")).toEqual([]);
    expect(() => parse("a=(1 $(b=(x y; ) 2")).toThrow(ParseError);
    expect(elements("c=(p q)")).toEqual(["p", "q"]);
    const d = parse("declare a=(1 2) b=x c=$y").body[0]!.command as SimpleCommand;
    expect(d.argAssignments?.map((x) => x?.name)).toEqual([undefined, "a", "b", "c"]);
    expect(d.words.map((w) => print(w))).toEqual(["declare", "a=(1 2)", "b=x", "c=$y"]);
  });
  it("nodes are plain data: an unset optional field is absent (not undefined), and a structured clone is equal", () => {
    // The parser builds nodes with constructors (./nodes.ts), which assign optional fields
    // only when set; a field assigned undefined would show in `in`, Object.keys and spreads.
    const undefinedFields: string[] = [];
    const visit = (x: unknown, path: string): void => {
      if (x === null || typeof x !== "object") return;
      for (const [k, v] of Object.entries(x)) {
        if (v === undefined && !(Array.isArray(x) && path.endsWith("argAssignments"))) undefinedFields.push(`${path}.${k}`);
        visit(v, `${path}.${k}`);
      }
    };
    for (const src of ACCEPT) {
      const ast = parse(src);
      visit(ast, src);
      expect(structuredClone(ast)).toEqual(ast);
    }
    expect(undefinedFields).toEqual([]);
  });
});

describe("Parser (incremental)", () => {
  it("yields one complete command line at a time and resumes after errors", () => {
    const p = new Parser("echo a\nif x; then\n  y\nfi\nfi\necho b\n");
    const lines: Statement[][] = [];
    expect(p.next()).toHaveLength(1);
    lines.push(p.next()!);
    expect(lines[0]![0]!.command.type).toBe("If");
    expect(() => p.next()).toThrow(ParseError);
    expect(p.next()).toHaveLength(1);
    expect(p.next()).toBeUndefined();
  });
  it("function body on the next line", () => {
    const p = new Parser("f()\n{\n  echo\n}\nf\n");
    expect(p.next()![0]!.command.type).toBe("FunctionDef");
    expect(p.next()![0]!.command.type).toBe("SimpleCommand");
  });
  it("aliases expand in command position, with the trailing-space rule", () => {
    const aliases = new Map([["ll", "ls -l "], ["q", "quiet"], ["e", "echo"]]);
    const p = new Parser("ll q\ne q\n", { aliases: (n) => aliases.get(n) });
    const a = p.next()![0]!.command as SimpleCommand;
    expect(a.words.map((w) => (wordParts(w)[0] as { value: string }).value)).toEqual(["ls", "-l", "quiet"]);
    const b = p.next()![0]!.command as SimpleCommand;
    expect(b.words.map((w) => (wordParts(w)[0] as { value: string }).value)).toEqual(["echo", "q"]);
  });
});

describe("bounds", () => {
  it("deep nesting fails with a ParseError, not a stack overflow", () => {
    for (const src of ["{ ".repeat(5000) + "a", "$(".repeat(3000), "((".repeat(3000) + "1", "echo " + "$(".repeat(1200) + "x" + ")".repeat(1200)]) {
      expect(() => parse(src)).toThrow(ParseError);
    }
  });
  it("maxBytes", () => {
    expect(() => parse("echo hi", { maxBytes: 3 })).toThrow(/maxBytes/);
  });
});

describe("extglob as a function of shell state", () => {
  it("is asked only for a group in a command word; off, !( at command start is ! and a subshell", () => {
    let asked = 0;
    const off = () => {
      asked++;
      return false;
    };
    const c = first("!(a) && echo ${x/@(b)/c}", off);
    expect(asked).toBe(1);
    expect(c.type).toBe("AndOr");
    expect(((c as { left: Command }).left as { type: string; negated?: boolean }).type).toBe("Pipeline");
    expect(() => parse("echo @(a)", { extglob: off })).toThrow(ParseError);
    expect(wordParts((first("echo @(a)", () => true) as SimpleCommand).words[1]!)[0]!.type).toBe("ExtGlob");
  });
  it("[[ ]]: the pattern of == always reads groups, other words follow the option", () => {
    const e = (src: string) => (first(src, () => false) as { expr: { type: string; right?: unknown } }).expr;
    expect(e("[[ a == @(a|b) ]]")).toMatchObject({ type: "TestBinary", right: { type: "ExtGlob" } });
    expect(e("[[ !(a) ]]").type).toBe("TestNot");
    expect((first("[[ !(a) ]]", () => true) as { expr: { type: string } }).expr.type).toBe("TestWord");
  });
});

describe("parsePatternWord", () => {
  it("reads quotes, expansions and nested groups; blanks and operators are literal", () => {
    const w = parsePatternWord("a b&&'<>'$x-@(c|d)");
    expect(wordParts(w).map((p) => p.type)).toEqual(["Literal", "SingleQuoted", "ParamExp", "Literal", "ExtGlob"]);
    expect((wordParts(w)[0] as { value: string }).value).toBe("a b&&");
    expect(() => parsePatternWord("'open")).toThrow(ParseError);
  });
});

describe("spans", () => {
  it("the word after a parameter operator spans its text", () => {
    const src = "echo ${x:-default} ${x%%.*} ${x/a/bb} ${x:-}";
    const ops = (parse(src).body[0]!.command as SimpleCommand).words.slice(1).map((w) => {
      const p = wordParts(w)[0]!;
      return p.type === "ParamExp" ? p.op : undefined;
    });
    const text = (w: { start: number; end: number } | undefined) => (w === undefined ? undefined : src.slice(w.start, w.end));
    expect(ops.map((o) => (o && "word" in o ? text(o.word) : o && "pattern" in o ? text(o.pattern) : undefined))).toEqual(["default", ".*", "a", ""]);
    expect(ops[2] && "replacement" in ops[2] ? text(ops[2].replacement) : undefined).toBe("bb");
  });

  it("a // pattern that starts with / keeps it (bash's parameter_brace_patsub), also with a replacement", () => {
    const src = "echo ${x///} ${x////c} ${x///c/d} ${x/#//X}";
    const ops = (parse(src).body[0]!.command as SimpleCommand).words.slice(1).map((w) => {
      const p = wordParts(w)[0]!;
      return p.type === "ParamExp" && p.op?.kind === "replace" ? p.op : undefined;
    });
    const text = (w: { start: number; end: number } | undefined) => (w === undefined ? undefined : src.slice(w.start, w.end));
    expect(ops.map((o) => [text(o?.pattern), text(o?.replacement)])).toEqual([["/", undefined], ["/", "c"], ["/c", "d"], ["", "/X"]]);
  });
});

describe("backtick bodies", () => {
  it("one that does not parse keeps its text for run time (bash parses it when it runs it), and prints back", () => {
    const src = 'echo `fi` "`echo \\`(\\``" `echo $(`\n';
    const ast = parse(src);
    const subs = (ast.body[0]!.command as SimpleCommand).words.slice(1).map((w) => {
      const p = wordParts(w)[0]!;
      const q = p.type === "DoubleQuoted" ? p.parts[0]! : p;
      return q.type === "CommandSub" ? [q.unparsed, q.body.length] : undefined;
    });
    expect(subs).toEqual([["fi", 0], [undefined, 1], ["echo $(", 0]]);
    expect(print(parse(print(ast)))).toBe(print(ast));
    expect(() => parse("echo `a $((`")).not.toThrow();
    expect(() => parse("echo `a")).toThrow("unexpected EOF while looking for matching ``'");
  });
});
