// The arrows between src/'s folders, read from the sources' own import statements (types too):
// the views (src/components) and the client (src/client) never import each other; what both
// need lives in src/page, which imports neither (nor the build's Node side, src/site); and no
// file of src/ reaches itself again through its imports.
import {readdirSync, readFileSync} from "node:fs";
import {dirname, join, relative, resolve} from "node:path";
import {describe, expect, it} from "vitest";

const src = new URL("../src/", import.meta.url).pathname;

/** Every .ts file under src/, as a path relative to src/. */
const files = readdirSync(src, {recursive: true})
  .map(String)
  .filter((file) => file.endsWith(".ts"));

/** The relative imports of `file` (src-relative), each as the src-relative file it names. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(src, file), "utf8");
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?(?:from\s*)?["'](\.[^"']+)["']/g),
    ...text.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)
  ].map((m) => m[1]);
  return specifiers.map((s) => relative(src, resolve(dirname(join(src, file)), s)));
}

/** The top folder of a src-relative path ("client", "page" …). */
const folder = (path: string) => path.split("/")[0];

/** The imports that go from a file in `from` to one in `to`, as "file → import". */
function arrows(from: string, to: readonly string[]): string[] {
  return files
    .filter((file) => folder(file) === from)
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => to.includes(folder(target)))
        .map((target) => `${file} → ${target}`)
    );
}

describe("the folders' arrows point one way", () => {
  it("the import reader finds the arrows there are (a check that cannot fail proves nothing)", () => {
    expect(arrows("components", ["page"]).length).toBeGreaterThan(3);
    expect(arrows("client", ["page"]).length).toBeGreaterThan(3);
    expect(importsOf("client/pageApi.ts")).toContain("page/api.js");
  });

  it("the views never import the client", () => {
    expect(arrows("components", ["client"])).toEqual([]);
  });

  it("the client never imports the views", () => {
    expect(arrows("client", ["components"])).toEqual([]);
  });

  it("the site layer reads no model: a kit's state link comes from the command line (src/cli/stateParts.ts)", () => {
    // (the keys the views read for a page's scenarios come from the views: components/localeKeys.ts)
    expect(arrows("site", ["sim", "lab"])).toEqual([]);
  });

  it("src/page imports neither, nor the build's Node side", () => {
    expect(arrows("page", ["client", "components", "site", "cli", "io"])).toEqual([]);
  });
});

/** The imports of the files in src/sim/`part` that reach another part of src/sim than `allowed`, as "file → import". */
function simArrows(part: string, allowed: readonly string[]): string[] {
  const partOf = (path: string) => (path.startsWith("sim/") ? path.split("/")[1] : undefined);
  return files
    .filter((file) => file.startsWith(`sim/${part}/`))
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => {
          const to = partOf(target);
          return to !== undefined && to !== part && !allowed.includes(to);
        })
        .map((target) => `${file} → ${target}`)
    );
}

describe("src/sim: the kit, the shared formulas, one folder a model, and what composes them", () => {
  it("the reader sees the parts' arrows (a check that cannot fail proves nothing)", () => {
    expect(simArrows("oncall", []).length).toBeGreaterThan(3);
    expect(simArrows("retry", ["kit"]).length).toBeGreaterThan(0);
  });

  it("the kit (records, events, textbook, controls, actions, the model's shape) imports no model and no formula", () => {
    expect(simArrows("kit", [])).toEqual([]);
  });

  it("the shared formulas import only the kit", () => {
    expect(simArrows("formulas", ["kit"])).toEqual([]);
  });

  it("a model imports the kit and the formulas, never another model nor the catalog", () => {
    for (const model of ["oncall", "retry"]) expect(simArrows(model, ["kit", "formulas"])).toEqual([]);
  });
});

/** The groups of files that import each other in a circle (strongly connected components of more than one file, or a file importing itself). */
function cycles(): string[][] {
  const graph = new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .map((target) => target.replace(/\.js$/, ".ts"))
        .filter((target) => files.includes(target))
    ])
  );
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do group.push((member = stack.pop()!));
    while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) found.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe("no import cycles", () => {
  it("no file of src/ imports itself again through others (type imports too)", () => {
    expect(cycles()).toEqual([]);
  });
});
