// The JSON input jq reads and the errors it reports for malformed input, as the real jq 1.8.2
// prints them (each row was produced by jq 1.8.2 on the row's text: `printf %s TEXT | jq -c .`;
// `node packages/jq/scripts/json-input-diff.mjs` fetches that jq and compares thousands of
// mutated texts). The wording and position come from jq's own parser state machine
// (json-error.ts); columns count UTF-8 bytes.
import { describe, expect, it } from "vitest";
import { jqCommand } from "./command.js";
import { testContext } from "./testing/ctx.js";

/** Text on stdin, jq 1.8.2's stdout, and its parse error after `jq: parse error: ` ("" when none). */
const ROWS: [string, string, string][] = [
  ["[1,]", "", "Expected another array element at line 1, column 4"],
  ["{\"a\" 1}", "", "Expected separator between values at line 1, column 7"],
  ["{\"a\":1,}", "", "Expected another key-value pair at line 1, column 8"],
  ["{\"a\":}", "", "Unmatched '}' at line 1, column 6"],
  ["{,}", "", "Expected value before ',' at line 1, column 2"],
  ["{\"a\",\"b\"}", "", "Objects must consist of key:value pairs at line 1, column 5"],
  ["[1:2]", "", "':' not as part of an object at line 1, column 3"],
  ["{1:2}", "", "Object keys must be strings at line 1, column 3"],
  ["1,2", "", "Expected value before ',' at line 1, column 2"],
  ["tr", "", "Invalid literal at EOF at line 1, column 2"],
  ["nul", "", "Invalid literal at EOF at line 1, column 3"],
  ["nope", "", "Invalid numeric literal at EOF at line 1, column 4"],
  ["truex", "", "Invalid literal at EOF at line 1, column 5"],
  ["'a'", "", "Invalid string literal; expected \", but got ' at EOF at line 1, column 3"],
  ["\"a\tb\"", "", "Invalid string: control characters from U+0000 through U+001F must be escaped at line 1, column 5"],
  ["\"\\ud800\"", "", "Invalid \\uXXXX\\uXXXX surrogate pair escape at line 1, column 8"],
  ["\"\\ud800\\u0041\"", "", "Invalid \\uXXXX\\uXXXX surrogate pair escape at line 1, column 14"],
  ["\"\\uZZZZ\"", "", "Invalid characters in \\uXXXX escape at line 1, column 8"],
  ["\"\\u12\"", "", "Invalid \\uXXXX escape at line 1, column 6"],
  ["\"\\q\"", "", "Invalid escape at line 1, column 4"],
  ["١", "", "Invalid numeric literal at EOF at line 1, column 2"],
  ["[1,2]]", "[1,2]\n", "Unmatched ']' at line 1, column 6"],
  ["[\"a\"\n, 1\n,x]", "", "Invalid numeric literal at line 3, column 3"],
  ["a\"b\"", "", "Invalid numeric literal at line 1, column 2"],
  ["+1", "1\n", ""],
  ["inf", "1.7976931348623157e+308\n", ""],
  ["-Infinity", "-1.7976931348623157e+308\n", ""],
  ["sNaN", "null\n", ""],
  ["nan1", "", "Invalid numeric literal at EOF at line 1, column 4"],
];

describe("JSON input as jq 1.8.2 reads it", () => {
  for (const [text, stdout, error] of ROWS) {
    it(JSON.stringify(text), async () => {
      const { ctx, stdout: out, stderr } = testContext(["-c", "."], { stdin: text });
      const status = await jqCommand.run(ctx);
      expect([out.text, stderr.text, status]).toEqual([stdout, error === "" ? "" : `jq: parse error: ${error}\n`, error === "" ? 0 : 5]);
    });
  }
});

/** `--stream`: jq's streaming parser emits the events read before an error, and has messages of its own. */
const STREAM_ROWS: [string, string, string][] = [
  ["{\"a\":1,\"a\":2}", "[[\"a\"],1]\n[[\"a\"],2]\n[[\"a\"]]\n", ""],
  ["[1,tru]", "[[0],1]\n", "Invalid literal at line 1, column 7"],
  ["[1]]", "[[0],1]\n[[0]]\n", "Unmatched ']' at the top-level at line 1, column 4"],
  ["1]", "", "Unmatched ']' at the top-level at line 1, column 2"],
  ["{\"a\":}", "", "Missing value in key:value pair at line 1, column 6"],
  ["[{]", "", "Unmatched ']' in the middle of an object at line 1, column 3"],
  ["{\"a\":1,}", "[[\"a\"],1]\n", "Expected another key:value pair at line 1, column 8"],
  ["{\"a\":[1,2}", "[[\"a\",0],1]\n", "Unmatched '}' in the middle of an array at line 1, column 10"],
  ["{{}}", "", "Expected string key after '{', not '{' at line 1, column 2"],
  ["{\"a\":1,[1]}", "[[\"a\"],1]\n", "Expected string key after ',' in object, not '[' at line 1, column 8"],
  ["{\"a\":\"b\":1}", "[[\"b\"],1]\n[[\"b\"]]\n", ""],
  ["[1,[],{}]", "[[0],1]\n[[1],[]]\n[[2],{}]\n[[2]]\n", ""],
  ["1 [", "[[],1]\n", "Unfinished JSON term at EOF at line 1, column 3"],
  ["\"\\ud800\"", "", "Invalid \\uXXXX\\uXXXX surrogate pair escape at line 1, column 8"],
];

describe("--stream input as jq 1.8.2 reads it", () => {
  for (const [text, stdout, error] of STREAM_ROWS) {
    it(JSON.stringify(text), async () => {
      const { ctx, stdout: out, stderr } = testContext(["-c", "--stream", "."], { stdin: text });
      const status = await jqCommand.run(ctx);
      expect([out.text, stderr.text, status]).toEqual([stdout, error === "" ? "" : `jq: parse error: ${error}\n`, error === "" ? 0 : 5]);
    });
  }
});
