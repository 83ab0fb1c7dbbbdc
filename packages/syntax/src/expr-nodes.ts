/**
 * The constructors of arithmetic and `[[ ]]` expression nodes: see ./nodes.ts for why the
 * parser builds nodes with constructors.
 */
import type {
  ArithAssign,
  ArithBinary,
  ArithExpr,
  ArithGroup,
  Arithmetic,
  ArithNumber,
  ArithPostfix,
  ArithTernary,
  ArithUnary,
  ArithVar,
  TestBinary,
  TestExpr,
  TestGroup,
  TestLogical,
  TestNot,
  TestUnary,
  TestWord,
  Word,
} from "./ast.js";
import type { W } from "./nodes.js";

// ---------------------------------------------------------------------------------------
// Arithmetic

/** Arithmetic (`expr` only when it parsed). */
export interface ArithmeticNode extends W<Arithmetic> {}
export class ArithmeticNode {
  constructor(start: number, end: number, source: Word, expr: ArithExpr | undefined) {
    this.type = "Arithmetic";
    this.start = start;
    this.end = end;
    this.source = source;
    if (expr !== undefined) this.expr = expr;
  }
}

/** ArithNumber. */
export interface ArithNumberNode extends W<ArithNumber> {}
export class ArithNumberNode {
  constructor(start: number, end: number, text: string) {
    this.type = "ArithNumber";
    this.start = start;
    this.end = end;
    this.text = text;
  }
}

/** ArithVar (`index` only when given). */
export interface ArithVarNode extends W<ArithVar> {}
export class ArithVarNode {
  constructor(start: number, end: number, name: string, index: string | undefined) {
    this.type = "ArithVar";
    this.start = start;
    this.end = end;
    this.name = name;
    if (index !== undefined) this.index = index;
  }
}

/** ArithBinary. */
export interface ArithBinaryNode extends W<ArithBinary> {}
export class ArithBinaryNode {
  constructor(start: number, end: number, op: ArithBinary["op"], left: ArithExpr, right: ArithExpr) {
    this.type = "ArithBinary";
    this.start = start;
    this.end = end;
    this.op = op;
    this.left = left;
    this.right = right;
  }
}

/** ArithUnary. */
export interface ArithUnaryNode extends W<ArithUnary> {}
export class ArithUnaryNode {
  constructor(start: number, end: number, op: ArithUnary["op"], operand: ArithExpr) {
    this.type = "ArithUnary";
    this.start = start;
    this.end = end;
    this.op = op;
    this.operand = operand;
  }
}

/** ArithPostfix. */
export interface ArithPostfixNode extends W<ArithPostfix> {}
export class ArithPostfixNode {
  constructor(start: number, end: number, op: "++" | "--", operand: ArithVar) {
    this.type = "ArithPostfix";
    this.start = start;
    this.end = end;
    this.op = op;
    this.operand = operand;
  }
}

/** ArithAssign. */
export interface ArithAssignNode extends W<ArithAssign> {}
export class ArithAssignNode {
  constructor(start: number, end: number, op: ArithAssign["op"], target: ArithVar, value: ArithExpr) {
    this.type = "ArithAssign";
    this.start = start;
    this.end = end;
    this.op = op;
    this.target = target;
    this.value = value;
  }
}

/** ArithTernary. */
export interface ArithTernaryNode extends W<ArithTernary> {}
export class ArithTernaryNode {
  constructor(start: number, end: number, test: ArithExpr, consequent: ArithExpr, alternate: ArithExpr) {
    this.type = "ArithTernary";
    this.start = start;
    this.end = end;
    this.test = test;
    this.consequent = consequent;
    this.alternate = alternate;
  }
}

/** ArithGroup. */
export interface ArithGroupNode extends W<ArithGroup> {}
export class ArithGroupNode {
  constructor(start: number, end: number, expr: ArithExpr) {
    this.type = "ArithGroup";
    this.start = start;
    this.end = end;
    this.expr = expr;
  }
}

// ---------------------------------------------------------------------------------------
// [[ ]] expressions

/** TestLogical. */
export interface TestLogicalNode extends W<TestLogical> {}
export class TestLogicalNode {
  constructor(start: number, end: number, op: "&&" | "||", left: TestExpr, right: TestExpr) {
    this.type = "TestLogical";
    this.start = start;
    this.end = end;
    this.op = op;
    this.left = left;
    this.right = right;
  }
}

/** TestNot. */
export interface TestNotNode extends W<TestNot> {}
export class TestNotNode {
  constructor(start: number, end: number, operand: TestExpr) {
    this.type = "TestNot";
    this.start = start;
    this.end = end;
    this.operand = operand;
  }
}

/** TestGroup. */
export interface TestGroupNode extends W<TestGroup> {}
export class TestGroupNode {
  constructor(start: number, end: number, expr: TestExpr) {
    this.type = "TestGroup";
    this.start = start;
    this.end = end;
    this.expr = expr;
  }
}

/** TestUnary. */
export interface TestUnaryNode extends W<TestUnary> {}
export class TestUnaryNode {
  constructor(start: number, end: number, op: string, operand: Word) {
    this.type = "TestUnary";
    this.start = start;
    this.end = end;
    this.op = op;
    this.operand = operand;
  }
}

/** TestBinary. */
export interface TestBinaryNode extends W<TestBinary> {}
export class TestBinaryNode {
  constructor(start: number, end: number, op: string, left: Word, right: Word) {
    this.type = "TestBinary";
    this.start = start;
    this.end = end;
    this.op = op;
    this.left = left;
    this.right = right;
  }
}

/** TestWord. */
export interface TestWordNode extends W<TestWord> {}
export class TestWordNode {
  constructor(start: number, end: number, word: Word) {
    this.type = "TestWord";
    this.start = start;
    this.end = end;
    this.word = word;
  }
}
