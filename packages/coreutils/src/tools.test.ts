import { describe, expect, it } from "vitest";
import { MemoryFs } from "@husk/host";
import { differential } from "../test/differential.js";
import { base64 } from "./base64.js";
import { date } from "./date.js";
import { expr } from "./expr.js";
import { md5sum, sha1sum, sha256sum } from "./hash/sums.js";
import { json } from "./json.js";
import { runTool } from "./testing.js";

describe("expr", () => {
  const cases: string[][] = [
    [], ["1", "+"], ["1", "2"], ["a", "+", "1"], ["1", "/", "0"], ["(", "1"], ["abc", ":", "a\\(.\\)"], ["abc", ":", "x"],
    ["length", "abc"], ["substr", "hello", "2", "3"], ["index", "hello", "l"], ["0"], [""], ["a", "<", "b"], ["10", "<", "9"],
    ["9", "<", "10"], ["5", "%", "3"], ["-5", "/", "2"], ["1", "|", "0"], ["0", "&", "1"], ["abc", ":", "a*"], ["match", "abc", "b"],
    ["+", "length"], ["99999999999999999999", "+", "1"], ["1", "=", "01"], ["a", "=", "a"], ["(", "2", "+", "3", ")", "*", "4"],
    ["1", "+", "2", "3"], ["foo.txt", ":", ".*\\.\\(.*\\)"], ["2", "*", "3", "+", "4"], ["", "|", "x"], ["a", "!=", "b"],
    ["3", ">=", "3"], ["abc", ":", "\\(x\\)*"], ["substr", "abc", "0", "1"], ["-3", "+", "1"],
  ];
  differential(expr as never, cases.map((args) => ({ args })));
});

describe("date", () => {
  const at = ["-d", "@1704164645"];
  differential(date, [
    { args: at },
    { args: [...at, "+%c|%x|%X|%D|%e|%k|%l|%p|%P|%r|%j|%U|%W|%V|%G|%g|%u|%w|%s|%N|%z|%:z|%::z|%Z"] },
    { args: [...at, "+%-d|%_m|%^a|%#Z|%10Y|%C|%h|%y|%-H|%05d|%%|%q"] },
    { args: ["-u", ...at, "+%F %T"] },
    { args: ["-d", "2024-02-29 13:45"] },
    { args: ["-d", "2024-01-01T10:00:00+02:00", "-u"] },
    { args: ["-d", "Jan 5 2024"] },
    { args: ["-d", "5 Jan 2024 10:00"] },
    { args: ["-d", "2024-03-10 12:00:00 UTC", "+%s"] },
    { args: ["-d", "foo"] },
    { args: ["-R", "-d", "@0"] },
    { args: ["-I", "-d", "@0"] },
    { args: ["-Iseconds", "-d", "@0"] },
    { args: ["--iso-8601=minutes", "-d", "@86399"] },
    { args: ["--rfc-3339=seconds", "-d", "@0"] },
    { args: ["-d", "@0"], env: { TZ: "UTC+3" } },
    { args: ["-d", "@0"], env: { TZ: "America/New_York" } },
    // Intl has no abbreviations such as IST/CEST: %Z differs there (known gap), %z matches.
    { args: ["-d", "@0", "+%z"], env: { TZ: "Asia/Kolkata" } },
    { args: ["-d", "2024-07-01 12:00", "+%s %z"], env: { TZ: "Europe/Paris" } },
    { args: ["-d", "2024-01-01 +3 days", "+%F"] },
    { args: ["-d", "2024-01-01 next day", "+%F"] },
    { args: ["-d", "2024-01-31 + 1 month", "+%F"] },
    { args: ["-d", "2024-01-10 2 weeks ago", "+%F"] },
    { args: ["-d", "2023-12-31", "+%G-W%V-%u %U %W %j"] },
    { args: ["-d", "2021-01-03", "+%G-W%V-%u %U %W"] },
    { args: ["-d", "12/25/2023", "+%A %B"] },
    { args: ["--bogus"] },
    { args: ["-d", "@0", "a", "b"] },
  ]);

  it("uses the injected clock and yesterday/tomorrow", async () => {
    const now = Date.UTC(2024, 0, 2, 3, 4, 5);
    expect((await runTool(date, [], { now })).stdout).toBe("Tue Jan  2 03:04:05 UTC 2024\n");
    expect((await runTool(date, ["-d", "yesterday", "+%F"], { now })).stdout).toBe("2024-01-01\n");
    expect((await runTool(date, ["-d", "tomorrow", "+%F %T"], { now })).stdout).toBe("2024-01-03 03:04:05\n");
    expect((await runTool(date, ["-d", "next friday", "+%F"], { now })).stdout).toBe("2024-01-05\n");
    expect((await runTool(date, ["-d", "1 hour ago", "+%T"], { now })).stdout).toBe("02:04:05\n");
    expect((await runTool(date, ["0101"], { now })).status).toBe(1);
  });
});

describe("base64 and checksums", () => {
  const files = { f: "hello world\n", e: "", u: "h\u00e9llo \u20ac\n", big: "abcdefghij".repeat(30) };
  differential(base64, [
    { args: [], stdin: "hello world\n" },
    { args: ["f"], files },
    { args: ["big"], files },
    { args: ["-w", "20", "big"], files },
    { args: ["-w0", "u"], files },
    { args: ["e"], files },
    { args: ["-d"], stdin: "aGVsbG8gd29ybGQK\n" },
    { args: ["-d"], stdin: "aGk=\n!!" },
    { args: ["-d"], stdin: "aGk" },
    { args: ["-di"], stdin: "aG!k=\n" },
    { args: ["-w", "x"] },
    { args: ["nope"] },
  ]);
  for (const cmd of [md5sum, sha1sum, sha256sum]) {
    differential(cmd, [
      { args: ["f", "e", "u", "big"], files },
      { args: [], stdin: "abc" },
      { args: ["--tag", "f"], files },
      { args: ["nope", "f"], files },
    ]);
  }
  it("md5sum -c verifies", async () => {
    const fs = new MemoryFs({ files: { "/f": "hello world\n", "/sums": "6f5902ac237024bdd0c176cb93063dc4  f\n00000000000000000000000000000000  f\n" } });
    const r = await runTool(md5sum, ["-c", "sums"], { fs });
    expect(r).toEqual({ stdout: "f: OK\nf: FAILED\n", stderr: "md5sum: WARNING: 1 computed checksum did NOT match\n", status: 1 });
  });
});

describe("json", () => {
  const files = {
    "/a.json": '{"name":"x","tags":["a"],"n":1}',
    "/b.json": '{"name":"y","tags":["a","b"]}',
    "/p.json": '[{"op":"replace","path":"/name","value":"z"},{"op":"add","path":"/tags/-","value":"c"}]',
    "/bad.json": "{nope",
    "/badpatch.json": '[{"op":"frobnicate","path":"/x"}]',
    "/proto.json": '[{"op":"add","path":"/__proto__/polluted","value":1}]',
  };
  const run = (args: string[], stdin?: string) => runTool(json, args, { fs: new MemoryFs({ files }), stdin });
  it("patch, diff, validate", async () => {
    expect((await run(["-c", "patch", "a.json", "p.json"])).stdout).toBe('{"name":"z","tags":["a","c"],"n":1}\n');
    expect((await run(["-c", "diff", "a.json", "b.json"])).stdout).toBe(
      '[{"op":"remove","path":"/n"},{"op":"add","path":"/tags/1","value":"b"},{"op":"replace","path":"/name","value":"y"}]\n',
    );
    expect((await run(["-c", "patch", "-", "p.json"], '{"name":1,"tags":[]}')).stdout).toBe('{"name":"z","tags":["c"]}\n');
    expect(await run(["validate-patch", "p.json"])).toEqual({ stdout: "valid\n", stderr: "", status: 0 });
    const bad = await run(["validate-patch", "badpatch.json"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^json: invalid patch: OPERATION_OP_INVALID/);
  });
  it("errors are clear", async () => {
    expect(await run(["patch", "bad.json", "p.json"])).toEqual({ stdout: "", stderr: expect.stringMatching(/^json: bad.json: invalid JSON: /), status: 1 });
    expect((await run(["patch", "a.json", "proto.json"])).status).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await run(["frob"])).status).toBe(1);
    expect((await run(["patch", "nope", "p.json"])).stderr).toBe("json: nope: No such file or directory\n");
    expect((await run(["-c", "patch", "a.json", "-"], '[{"op":"test","path":"/n","value":2}]')).stderr).toMatch(/TEST_OPERATION_FAILED/);
  });
});
