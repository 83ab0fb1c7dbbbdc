import { describe } from "vitest";
import { differential } from "../test/differential.js";
import { bcCommand } from "./bc.js";
import { numfmt } from "./numfmt.js";

const exprs = [
  "scale=2; 10/3", "1.5 * 3", "2^10", "-7 % 3", "7.5 % 2", "scale=3; sqrt(2)", "a=5; a*2", ".5 + .25", "1/3",
  "x=3; x+=2; x", "if (3 > 2) 1 else 0", "for (i=0;i<3;i++) i", 'print "hi\\n"', "2^-1", "scale=5; 2^-2", "-0.5*1",
  "3 == 3; 3 != 3; !0", "99999999999999999999*99999999999999999999", "2^300", "define f(x) { return (x*2); }; f(4)",
  "i=0; while (i<3) { i; i=i+1 }", "scale=2; 1.239*1", "1.239 * 1.1", "scale=1; 5/2", "obase=16; 255", "ibase=2; 101",
  "x", "length(123.45)", "scale(1.234)", "-2^2", "2^3^2", "scale=4; 22/7", "3 < 2 || 1", "a=2; b=a++; a; b",
  "define fact(n) { if (n <= 1) return (1); return (n * fact(n-1)); }\nfact(25)", "scale=10; 1/7*7", "0.1+0.2",
  "scale=2\n(1+2)*3/4", "/* comment */ 1 + 1 # trailing", "x = 10; x /= 4; x", "1 +", "3; quit; 4",
];

describe("bc", () => {
  differential(bcCommand, exprs.map((e) => ({ args: [], stdin: `${e}\n`, real: "bc", stderr: !e.includes("1 +") })), "bc");
  differential(bcCommand, [
    { args: ["-l"], stdin: "s(1); l(2); e(1); a(1); c(0); 10/3\n" },
    { args: ["-l"], stdin: "scale=5; e(2); l(10); s(3.14159); c(1)\n" },
    { args: ["-l"], stdin: "4*a(1)\n" },
  ], "bc");
});

describe("numfmt", () => {
  const cases = [
    ["--to=si", "1500"], ["--to=iec", "1500"], ["--to=iec-i", "1048576"], ["--from=si", "1.5K"], ["--from=iec", "2M"],
    ["--from=auto", "1Ki"], ["--to=si", "999"], ["--to=si", "1000"], ["--to=iec", "1023"], ["--to=iec", "1024"],
    ["--to=si", "123456789"], ["--to=iec", "--suffix=B", "2048"], ["--padding=8", "--to=si", "1500"], ["--to=si", "--", "-1500"],
    ["--to=iec", "10240"], ["--to=iec", "10752"], ["--to=si", "1001"], ["x"],
  ];
  differential(numfmt, cases.map((args) => ({ args })));
  differential(numfmt, [
    { args: ["--to=iec", "--field=2"], stdin: "a 2048\nb 4096\n" },
    { args: ["-d,", "--field", "2", "--to=iec"], stdin: "a,2048\n" },
    { args: ["--header", "--to=si"], stdin: "size\n5000\n" },
  ]);
});
