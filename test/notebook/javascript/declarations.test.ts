import {Parser, type Program, type VariableDeclaration} from "acorn";
import {describe, expect, it} from "vitest";
import {findDeclarations, patternNames} from "../../../src/notebook/javascript/declarations.js";
import {acornOptions} from "../../../src/notebook/javascript/syntax.js";

const program = (source: string) => Parser.parse(source, acornOptions) as Program;
const declarations = (source: string) => findDeclarations(program(source));
/** The names bound by the pattern of `const PATTERN = v`. */
const pattern = (source: string) => patternNames((program(`const ${source} = v;`).body[0] as VariableDeclaration).declarations[0].id);

describe("patternNames(pattern)", () => {
  it("returns an identifier's name", () => expect(pattern("a")).toEqual(["a"]));
  it("returns object pattern values, not keys", () => expect(pattern("{a: b, c}")).toEqual(["b", "c"]));
  it("returns nested array patterns inside object patterns", () => expect(pattern("{a, b: [c], ...d}")).toEqual(["a", "c", "d"]));
  it("skips array holes", () => expect(pattern("[a, , b]")).toEqual(["a", "b"]));
  it("returns array rest elements", () => expect(pattern("[a, ...rest]")).toEqual(["a", "rest"]));
  it("returns the left side of defaults, not names in the default value", () => {
    expect(pattern("{a = b, c: [d = e] = f}")).toEqual(["a", "d"]);
  });
  it("does not return computed keys", () => expect(pattern("{[k]: v2}")).toEqual(["v2"]));
  it("appends to a given array", () => {
    const names = ["x"];
    patternNames((program("const y = 1;").body[0] as VariableDeclaration).declarations[0].id, names);
    expect(names).toEqual(["x", "y"]);
  });
});

describe("findDeclarations(program)", () => {
  it("returns const, let and var names in order", () => {
    expect(declarations("const a = 1; let b = 2; var c = 3;")).toEqual(["a", "b", "c"]);
  });
  it("returns every declarator of one declaration", () => {
    expect(declarations("let a = 1, b, c = 3;")).toEqual(["a", "b", "c"]);
  });
  it("returns names from object patterns with rest", () => {
    expect(declarations("const {x, y: z, ...others} = o;")).toEqual(["x", "z", "others"]);
  });
  it("returns names from array patterns with defaults and holes", () => {
    expect(declarations("let [first, , third = 3] = [1, 2];")).toEqual(["first", "third"]);
  });
  it("returns a function declaration's name but not its parameters", () => {
    expect(declarations("function f(a, b) { const c = a; }")).toEqual(["f"]);
  });
  it("returns async and generator function names", () => {
    expect(declarations("async function f() {} function* g() {}")).toEqual(["f", "g"]);
  });
  it("returns a class declaration's name but not its members", () => {
    expect(declarations("class Box { size = 1; method() {} }")).toEqual(["Box"]);
  });
  it("returns import specifiers' local names: default, named, renamed, namespace", () => {
    expect(declarations('import def, {a, b as c} from "m"; import * as ns from "n";')).toEqual(["def", "a", "c", "ns"]);
  });
  it("returns nothing for a side-effect import", () => expect(declarations('import "m";')).toEqual([]));
  it("returns nothing for expression statements and assignments", () => {
    expect(declarations("display(1); a.b = 2;")).toEqual([]);
  });

  describe("nested declarations are not outputs", () => {
    it("ignores declarations in a block", () => expect(declarations("{ const a = 1; var b = 2; }")).toEqual([]));
    it("ignores declarations in a function body", () => expect(declarations("function f() { const inner = 1; }")).toEqual(["f"]));
    it("ignores for-loop variables", () => {
      expect(declarations("for (let i = 0; i < 1; i++) {} for (const k of []) {} for (var j in {}) {}")).toEqual([]);
    });
    it("ignores declarations in if/try/catch", () => {
      expect(declarations("if (x) { let a; } try { const b = 1; } catch (e) { let c; }")).toEqual([]);
    });
    it("ignores a named function expression's name", () => {
      expect(declarations("const f = function g() {};")).toEqual(["f"]);
    });
    it("ignores a named class expression's name", () => {
      expect(declarations("const A = class B {};")).toEqual(["A"]);
    });
  });
});
