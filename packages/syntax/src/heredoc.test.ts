/**
 * Here-document edge cases (issue 3). Each expectation was checked against GNU bash 5.2:
 * `bash -n` for what parses, and running the script for where a body is read.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parse } from "./api.js";
import { roundTrip } from "./roundtrip.test-util.js";
import type { CommandSub, HereDoc, ProcessSub, SimpleCommand, Statement } from "./ast.js";
import { wordParts } from "./word.js";

const cmd = (src: string, i = 0): SimpleCommand => parse(src).body[i]!.command as SimpleCommand;
/** The here-doc of the first redirect of the first command in a substitution's body. */
const subDoc = (body: readonly Statement[]): HereDoc => (body[0]!.command as SimpleCommand).redirects[0]!.heredoc!;
const text = (hd: HereDoc): string => wordParts(hd.body).map((p) => ("value" in p ? p.value : `<${p.type}>`)).join("");

describe("where bash reads here-document bodies", () => {
  it("one left open at the `)` of $( ) or <( ) is read after the next newline outside", () => {
    // bash: `cat <(cat <<,) x y` runs with the body "echo after\n"; `echo real` runs next.
    const script = parse("cat <(cat <<,) x y\necho after\n,\necho real\n");
    expect(script.body).toHaveLength(2);
    const ps = wordParts((script.body[0]!.command as SimpleCommand).words[1]!)[0] as ProcessSub;
    expect(text(subDoc(ps.body))).toBe("echo after\n");
    const cs = wordParts(cmd('echo "[$(cat <<E) z]"\na\nE\n').words[1]!)[0]!;
    expect(cs.type === "DoubleQuoted" && text(subDoc((cs.parts[1] as CommandSub).body))).toBe("a\n");
  });
  it("one in a backtick ends with the backtick's text", () => {
    const bt = wordParts(cmd("echo `cat <<E\nx`\necho next\n").words[1]!)[0] as CommandSub;
    expect(text(subDoc(bt.body))).toBe("x");
  });
  it("a $(cat <<E) inside a body is parsed when expanded: E is empty", () => {
    const script = parse("cat <<A\n$(cat <<B)\nA\necho next\n");
    expect(script.body).toHaveLength(2);
    const body = cmd("cat <<A\n$(cat <<B)\nA\n").redirects[0]!.heredoc!.body;
    expect(text(subDoc((body.parts[0] as CommandSub).body))).toBe("");
  });
  it("backslash-newline joins lines before the delimiter test (unquoted only)", () => {
    expect(text(cmd("cat <<E\na\\\nE\nE\n").redirects[0]!.heredoc!)).toBe("aE\n");
    expect(text(cmd("cat <<'E'\na\\\nE\n").redirects[0]!.heredoc!)).toBe("a\\\n");
  });
});

describe("here-document delimiters", () => {
  const doc = (src: string): HereDoc => cmd(src).redirects[0]!.heredoc!;
  it("unquoted expansions leave the body expanded; $'...' is quoted", () => {
    for (const src of ["cat <<$x\n$x\n", "cat <<~\n~\n", "cat <<`echo E`\n`echo E`\n"]) expect(doc(src).quoted).toBe(false);
    expect(doc("cat <<$'E'\nE\n")).toMatchObject({ quoted: true, delimiter: "E" });
    expect(doc('cat <<"E\\"F"\nE"F\n')).toMatchObject({ quoted: true, delimiter: 'E"F' });
    expect(doc("cat <<E'O'F\nEOF\n")).toMatchObject({ quoted: true, delimiter: "EOF" });
  });
  it("$( ) and <( ) in a delimiter are re-printed, like bash 5.2", () => {
    expect(doc("cat <<$( )\n$()\n").delimiter).toBe("$()");
    expect(doc("cat <<a$(echo   hi)b\na$(echo hi)b\n").delimiter).toBe("a$(echo hi)b");
    expect(doc("cat <<a${x:-  $(echo   hi)}b\nx\n").delimiter).toBe("a${x:-  $(echo hi)}b");
    expect(doc("cat <<a<(echo   hi)b\nx\n").delimiter).toBe("a<(echo hi)b");
    expect(doc("cat <<a$((1 +  2))b\nx\n").delimiter).toBe("a$((1 +  2))b");
  });
  it("digits right before < or > are an fd, not a redirection target", () => {
    // bash -n: syntax error near unexpected token `3' (but >&3>x duplicates fd 3)
    for (const src of ["cat <<3<<3", "cat >3>x", "cat <<<3>x", "echo a >3<&1"]) expect(() => parse(src)).toThrow(/unexpected token `3'/);
    expect(() => parse("cat >&3>x; cat <&3<x; cat 2>&3>x; cat <<3 <<4\n3\n4\n")).not.toThrow();
  });
});

describe("property: generated here-doc scripts print back to the same tree", () => {
  const delim = fc.constantFrom("E", "'E'", '"E"', "\\E", "E'O'F", '"E\\"F"', "$x", "~", "$'E'", "a$(echo  b)c", "`e`", "$[1]");
  const line = fc.constantFrom("x", "$y", "\t\tz", "a\\", "`q`", "$(echo in)", "E", " E", "\\$v", "", "${v:-d}", "2\\\\", ")", "EOF", "$(cat <<F)");
  const form = fc.constantFrom(
    (h: string) => `${h} | tr a b`,
    (h: string) => `${h} |& cat`,
    (h: string) => `${h} && echo ok`,
    (h: string) => `echo $(${h}) z`,
    (h: string) => `cat <(${h})`,
    (h: string) => `echo "\`${h}\`"`,
    (h: string) => `case x in x) ${h};; esac`,
    (h: string) => `[[ a &&\n b ]] && ${h}`,
    (h: string) => `f() { ${h}; }`,
    (h: string) => `${h}; echo same line`,
    (h: string) => `if ${h}; then :; fi`,
    (h: string) => `${h} & wait`,
  );
  const command = fc.tuple(form, fc.constantFrom("<<", "<<-"), delim, fc.array(line, { maxLength: 3 }), fc.boolean()).map(([f, op, d, body, close]) => {
    const end = d.replace(/\$\(echo {2}b\)/, "$(echo b)").replace(/^['"\\]|['"]$/g, "").replace(/'O'/, "O").replace(/\\"/, '"');
    return [f(`cat ${op}${d}`), ...body, ...(close ? [end] : [])].join("\n");
  });
  it("parse(print(ast)) equals ast for whatever parses", () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 3 }), fc.boolean(), (cmds, nl) => {
        const src = cmds.join("\n") + (nl ? "\n" : "");
        const rt = roundTrip(src);
        if (rt) expect(rt.again).toEqual(rt.ast);
      }),
      { seed: 3, numRuns: 2000 },
    );
  });
});
