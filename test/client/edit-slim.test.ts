// editor.js leaves out library code the in-page compile never runs (build/editorSlim.js): the
// editor's own TypeScript transform still works through the slimmed sucrase, a transform that
// was left out fails loudly instead of doing something else, and the front matter's YAML is
// not read (its fields come out empty) while the split by `---` lines stays exact.
import {build} from "esbuild";
import {describe, expect, it} from "vitest";
import {editorSlim} from "../../build/editorSlim.js";

const root = new URL("../../", import.meta.url).pathname;

/** Bundles `contents` (a module beside the editor's sources) as editor.js is bundled, and runs it; resolves to what it exports. */
async function slimmed(contents: string): Promise<any> {
  const result = await build({
    stdin: {contents, resolveDir: `${root}src/client/editor`, loader: "ts", sourcefile: "probe.ts"},
    bundle: true,
    write: false,
    format: "cjs",
    platform: "browser",
    logLevel: "silent",
    plugins: [editorSlim()],
    metafile: true
  });
  const module = {exports: {} as any};
  new Function("module", "exports", result.outputFiles[0].text)(module, module.exports);
  return {...module.exports, inputs: Object.keys(result.metafile!.inputs), code: result.outputFiles[0].text};
}

describe("editorSlim()", () => {
  it("keeps the editor's TypeScript transform working and leaves the unused transforms and the options checker out", async () => {
    const probe = await slimmed('export {sucraseTransform} from "./typescript.js"; export {transform} from "sucrase";');
    expect(probe.sucraseTransform("const k: number = 2;\nimport type {T} from './t';\n", true).code).toContain("const k = 2;");
    expect(probe.inputs.filter((f: string) => f.includes("ts-interface-checker"))).toEqual([]);
    expect(probe.code).not.toContain("_jsxFileName"); // only sucrase's JSX transform writes it
    expect(() => probe.transform("<a/>", {transforms: ["jsx"]})).toThrow(/left out of the editor/);
  });

  it("splits front matter by its lines as the build does, without reading the YAML", async () => {
    const probe = await slimmed('export {splitFrontMatter} from "../../notebook/frontMatter.js";');
    const split = probe.splitFrontMatter("---\ntitle: T\nlist: [1, 2]\n---\n# Body\n");
    expect(split).toEqual({data: {}, content: "# Body\n", lineOffset: 4});
    expect(probe.inputs.some((f: string) => f.includes("node_modules/js-yaml"))).toBe(false);
  });
});
