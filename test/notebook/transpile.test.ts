import {describe, expect, it} from "vitest";
import {analyseCell, type AnalysedCell, type CellError} from "../../src/notebook/cell.js";
import type {CellSource} from "../../src/notebook/parse.js";
import {cellBody, cellInputs, defineCell, guessDeclarations, transpileNotebook} from "../../src/notebook/transpile.js";

const cell = (source: string, options: Partial<CellSource> = {}): AnalysedCell =>
  analyseCell({id: "cell-1", source, lang: "js", line: 10, column: 1, inline: false, echo: false, ...options});

interface Definition {
  id: string;
  line: number;
  column: number;
  inline?: true;
  inputs: string[];
  outputs: string[];
  autodisplay?: true;
  hash: string;
  body?: (...args: unknown[]) => unknown;
  error?: {name: string; message: string; line: number; column: number};
}

/** Evaluates a transpiled definition, as the notebook's bundle would. */
const evaluate = (source: string): Definition => new Function(`return (${source});`)();
const define = (c: AnalysedCell, defined: Iterable<string> = c.declarations, graphError?: CellError) =>
  evaluate(defineCell(c, new Set(defined), graphError).text);

describe("cellInputs(cell, defined)", () => {
  it("keeps references to other cells and built-ins", () => {
    expect(cellInputs(cell("Plot.dot(data)"), new Set(["data"]))).toEqual(["Plot", "data"]);
  });
  it("excludes browser globals like Math, console and window", () => {
    expect(cellInputs(cell("Math.max(a, console, window.x, JSON)"), new Set())).toEqual(["a"]);
  });
  it("keeps a global name when a cell defines it", () => {
    expect(cellInputs(cell("Math.max(a)"), new Set(["Math"]))).toEqual(["Math", "a"]);
  });
  it("keeps unknown names (another cell's output or a window property)", () => {
    expect(cellInputs(cell("undefinedSoFar"), new Set())).toEqual(["undefinedSoFar"]);
  });
  it("keeps the cell-local display and view", () => {
    expect(cellInputs(cell("display(view(x));"), new Set())).toEqual(["display", "view", "x"]);
  });
});

describe("cellBody(cell, inputs)", () => {
  it("wraps an expression so it is returned", () => {
    const body = cellBody(cell("a + 1"), ["a"]);
    expect(body).toBe("(a) => (\na + 1\n)");
    expect(new Function(`return ${body}`)()(2)).toBe(3);
  });
  it("keeps an object expression an object", () => {
    expect(new Function(`return ${cellBody(cell("{a: 1}"), [])}`)()()).toEqual({a: 1});
  });
  it("keeps an expression with a trailing line comment valid", () => {
    expect(new Function(`return ${cellBody(cell("a * 2 // double"), ["a"])}`)()(4)).toBe(8);
  });
  it("returns a program's outputs as an object", () => {
    const body = cellBody(cell("const a = x + 1;\nlet [b, c] = [a, 2];\nfunction f() { return c; }"), ["x"]);
    const result = new Function(`return ${body}`)()(1) as Record<string, unknown>;
    expect(Object.keys(result)).toEqual(["a", "b", "c", "f"]);
    expect(result).toMatchObject({a: 2, b: 2, c: 2});
    expect((result.f as () => number)()).toBe(2);
  });
  it("returns nothing from a program without declarations", () => {
    const body = cellBody(cell("display(1);"), ["display"]);
    expect(body).not.toContain("return");
    const shown: unknown[] = [];
    expect(new Function(`return ${body}`)()((v: unknown) => shown.push(v))).toBeUndefined();
    expect(shown).toEqual([1]);
  });
  it("appends the return after a trailing line comment", () => {
    const body = cellBody(cell("const a = 1 // one"), []);
    expect(new Function(`return ${body}`)()()).toEqual({a: 1});
  });
  it("is async and rewrites imports when the cell imports", () => {
    const body = cellBody(cell('import {a} from "npm:m";\nimport * as ns from "n";\nconst c = a + ns.b;'), []);
    expect(body).toBe(
      'async () => {\nconst {a} = await import("m");\nconst ns = await import("n");\nconst c = a + ns.b;\nreturn {a, ns, c};\n}'
    );
  });
  it("is async when the cell awaits", async () => {
    const body = cellBody(cell("const v = await p;"), ["p"]);
    expect(body.startsWith("async (p) =>")).toBe(true);
    await expect(new Function(`return ${body}`)()(Promise.resolve(5))).resolves.toEqual({v: 5});
  });
  it("is async for an awaited expression cell", async () => {
    const body = cellBody(cell("await p"), ["p"]);
    await expect(new Function(`return ${body}`)()(Promise.resolve(7))).resolves.toBe(7);
  });
  it("takes the inputs in the given order", () => {
    expect(cellBody(cell("a + b"), ["b", "a"])).toMatch(/^\(b, a\) =>/);
  });
});

describe("guessDeclarations(source)", () => {
  it("finds const, let, var, function, async function, generator and class names at line starts", () => {
    const source = "const a = ;\nlet b\nvar c = 1\nfunction d() {\nasync function e() {}\nfunction* g() {}\nclass H {}";
    expect(guessDeclarations(source)).toEqual(["a", "b", "c", "d", "e", "g", "H"]);
  });
  it("finds exported declarations", () => expect(guessDeclarations("export const a = 1;")).toEqual(["a"]));
  it("ignores indented (nested) declarations", () => expect(guessDeclarations("function f() {\n  const inner = 1;\n}")).toEqual(["f"]));
  it("returns each name once", () => expect(guessDeclarations("let a = 1;\nlet a = 2;")).toEqual(["a"]));
  it("returns nothing for expressions", () => expect(guessDeclarations("a + (")).toEqual([]));
});

describe("defineCell(cell, defined, graphError)", () => {
  it("defines an expression cell with autodisplay", () => {
    const definition = define(cell("x * 2"));
    expect(definition).toMatchObject({id: "cell-1", line: 10, column: 1, inputs: ["x"], outputs: [], autodisplay: true});
    expect(definition.body!(21)).toBe(42);
  });
  it("does not autodisplay an expression that calls display or view (Framework shows only what it displays)", () => {
    expect(define(cell("display(1), display(2)")).autodisplay).toBeUndefined();
    expect(define(cell("view(Inputs.range())")).autodisplay).toBeUndefined();
    expect(define(cell("[display, 1]", {inline: true})).autodisplay).toBeUndefined();
  });
  it("defines a program cell returning its outputs, without autodisplay", () => {
    const definition = define(cell("const y = x + 1;"));
    expect(definition).toMatchObject({inputs: ["x"], outputs: ["y"]});
    expect(definition.autodisplay).toBeUndefined();
    expect(definition.body!(1)).toEqual({y: 2});
  });
  it("marks inline cells", () => {
    const definition = define(cell("x", {id: "inline-1", inline: true, line: 3, column: 14}));
    expect(definition).toMatchObject({id: "inline-1", inline: true, line: 3, column: 14, autodisplay: true});
  });
  it("excludes Math from inputs unless a cell defines Math", () => {
    expect(define(cell("Math.PI * r"), []).inputs).toEqual(["r"]);
    expect(define(cell("Math.PI * r"), ["Math"]).inputs).toEqual(["Math", "r"]);
  });
  it("gives an error cell no body, no inputs, and the error's position", () => {
    const definition = define(cell("const a = 1;\nconst b = );"));
    expect(definition.body).toBeUndefined();
    expect(definition.inputs).toEqual([]);
    expect(definition.error).toMatchObject({name: "SyntaxError", line: 11, column: 11});
    expect(definition.error!.message).toBe("Unexpected token"); // the position is in line/column, shown by the client
  });
  it("guesses a syntax-error cell's outputs from its source", () => {
    expect(define(cell("const a = 1;\nconst b = );")).outputs).toEqual(["a", "b"]);
  });
  it("keeps a graph-error cell's declarations as outputs and has no body", () => {
    const graphError = {name: "RuntimeError", message: "circular definition", line: 10, column: 1};
    const definition = define(cell("const a = b;"), ["a", "b"], graphError);
    expect(definition).toMatchObject({
      inputs: [],
      outputs: ["a"],
      error: {name: "RuntimeError", message: "circular definition", line: 10, column: 1}
    });
    expect(definition.body).toBeUndefined();
  });

  describe("hash", () => {
    const hash = (c: AnalysedCell, defined?: Iterable<string>) => define(c, defined).hash;
    it("is 12 hex digits", () => expect(hash(cell("1"))).toMatch(/^[0-9a-f]{12}$/));
    it("is stable for the same cell", () => expect(hash(cell("a + 1"))).toBe(hash(cell("a + 1"))));
    it("changes when the body changes", () => expect(hash(cell("a + 1"))).not.toBe(hash(cell("a + 2"))));
    it("does not change when only the line or column changes", () => {
      expect(hash(cell("a + 1", {line: 3, column: 1}))).toBe(hash(cell("a + 1", {line: 30, column: 5})));
    });
    it("does not change when only the id changes", () => {
      expect(hash(cell("a + 1", {id: "cell-1"}))).toBe(hash(cell("a + 1", {id: "cell-9"})));
    });
    it("changes when the inputs change (a global becomes a cell's output)", () => {
      expect(hash(cell("Math.PI"), [])).not.toBe(hash(cell("Math.PI"), ["Math"]));
    });
    it("changes when a cell becomes inline", () => {
      expect(hash(cell("a"))).not.toBe(hash(cell("a", {inline: true})));
    });
    it("changes when an error's position changes (the message shows it)", () => {
      expect(hash(cell("1 +", {line: 3}))).not.toBe(hash(cell("1 +", {line: 4})));
    });
    it("changes when a cell gets a graph error", () => {
      const c = cell("const a = 1;");
      const graphError = {name: "RuntimeError", message: "dup", line: 10, column: 1};
      expect(define(c).hash).not.toBe(define(c, c.declarations, graphError).hash);
    });
  });
});

describe("transpileNotebook(cells, path, graphErrors)", () => {
  it("emits one queuebook.notebook call with every cell in order", () => {
    const cells = [cell("const a = 1;", {id: "cell-1"}), cell("a + 1", {id: "cell-2", line: 20})];
    const text = transpileNotebook(cells, "nb.md", new Map());
    const calls: {path: string; files: unknown; cells: Definition[]}[] = [];
    new Function("queuebook", "__files", text)({notebook: (x: (typeof calls)[0]) => calls.push(x)}, {f: 1});
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe("nb.md");
    expect(calls[0].files).toEqual({f: 1});
    expect(calls[0].cells.map((c) => [c.id, c.inputs, c.outputs])).toEqual([
      ["cell-1", [], ["a"]],
      ["cell-2", ["a"], []]
    ]);
  });
  it("makes a global an input for every cell when one cell defines it", () => {
    const cells = [cell("const Math = {PI: 3};", {id: "cell-1"}), cell("Math.PI", {id: "cell-2"})];
    expect(transpileNotebook(cells, "nb.md", new Map())).toContain('inputs: ["Math"]');
  });
  it("attaches graph errors by id", () => {
    const cells = [cell("const a = 1;", {id: "cell-1"}), cell("const b = 2;", {id: "cell-2"})];
    const text = transpileNotebook(cells, "nb.md", new Map([["cell-2", {name: "RuntimeError", message: "boom", line: 20, column: 1}]]));
    let defined: Definition[] = [];
    new Function("queuebook", "__files", text)({notebook: (x: {cells: Definition[]}) => (defined = x.cells)}, {});
    expect(defined[0].error).toBeUndefined();
    expect(defined[1].error).toEqual({name: "RuntimeError", message: "boom", line: 20, column: 1});
  });
});
