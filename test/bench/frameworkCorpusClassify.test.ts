// The corpus bench's classes for two causes Framework 1.13.4 shares offline: a config whose
// Markdown plugin is not installed (Framework cannot load the config), and a name a file of that
// plugin's @include would have defined. Every other "not defined" stays in scope.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {classifyCellError, configPackagesMissing, sourceRoot} from "../../bench/frameworkCorpusClassify.js";

const nodeModules = new URL("../../node_modules", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "queuebook-classify-"));
afterAll(() => rmSync(work, {recursive: true, force: true}));

/** A project folder with a config (its text), src/index.md (its text) and src/other.md. */
function project(name: string, config: string, index: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, "src"), {recursive: true});
  writeFileSync(join(dir, "observablehq.config.ts"), config);
  writeFileSync(join(dir, "src", "index.md"), index);
  writeFileSync(join(dir, "src", "other.md"), "```js\nsetCursor(1)\n```\n");
  return join(dir, "src");
}

describe("classifyCellError with a config's Markdown plugin", () => {
  const plugin =
    'import {include} from "@mdit/plugin-include";\nimport {readFileSync} from "node:fs";\nexport default {markdownIt: (md) => md.use(include)};\n';
  const page = "# Page\n\n<!-- @include: ./src/part.md -->\n\n```js\nsetCursor(1)\n```\n";

  it("names the config's packages that are not installed (not node: ones, not installed ones)", () => {
    const root = project("missing", plugin + 'import * as d3 from "d3";\n', page);
    expect(configPackagesMissing(root, nodeModules)).toEqual(["@mdit/plugin-include"]);
  });

  it("a name undefined on a page that includes a file is the plugin's package", () => {
    const root = project("included", plugin, page);
    expect(classifyCellError("RuntimeError: setCursor is not defined", {root, page: "index.md", nodeModules})).toBe("package");
    expect(classifyCellError("input failed: setCursor is not defined", {root, page: "index.md", nodeModules})).toBe("package");
  });

  it("stays in scope on a page without @include, or when the config's packages are installed", () => {
    const root = project("plain", plugin, page);
    expect(classifyCellError("RuntimeError: setCursor is not defined", {root, page: "other.md", nodeModules})).toBe("in-scope");
    const installed = project("installed", 'import * as d3 from "d3";\nexport default {};\n', page);
    expect(classifyCellError("RuntimeError: setCursor is not defined", {root: installed, page: "index.md", nodeModules})).toBe("in-scope");
  });
});

describe("classifyCellError: what Framework's parser refuses too", () => {
  it("an assignment to a name the cell does not declare (a classic notebook's `height = 500`)", () => {
    const at = {root: work, page: "index.md", nodeModules};
    expect(classifyCellError('SyntaxError: Assignment to external variable "height"', at)).toBe("page-syntax");
    expect(classifyCellError("SyntaxError: Assignment to constant variable", at)).toBe("in-scope");
  });
});

describe("classifyCellError: a file the repository does not hold", () => {
  it("a page's FileAttachment and a project module's, each resolved from where it is written", () => {
    const root = join(work, "files");
    mkdirSync(join(root, "components"), {recursive: true});
    mkdirSync(join(root, "data"), {recursive: true});
    writeFileSync(join(root, "data", "made.csv.py"), "print('a')\n"); // a loader makes data/made.csv
    writeFileSync(join(root, "data", "here.csv"), "a\n1\n");
    const at = {root, page: "explore/page.md", nodeModules};
    const fromModule = (name: string) =>
      `input \`x\` failed: FileAttachment "../data/${name}" (in components/load.js) not found in the notebook folder (data/${name})`;
    expect(classifyCellError(fromModule("gone.parquet"), at)).toBe("missing-file");
    expect(classifyCellError(fromModule("made.csv"), at)).toBe("loader");
    // held by the repository: an error reading it is the page's or queuebook's, in scope
    expect(classifyCellError(fromModule("here.csv"), at)).toBe("in-scope");
    expect(classifyCellError('Error: FileAttachment "../data/gone.parquet" not found in the notebook folder', at)).toBe("missing-file");
    expect(classifyCellError('Error: FileAttachment "../data/here.csv" not found in the notebook folder', at)).toBe("in-scope");
  });
});

describe("sourceRoot", () => {
  it("follows the config's root where that folder exists, else src/ or docs/", async () => {
    const dir = join(work, "rooted");
    mkdirSync(join(dir, "src"), {recursive: true});
    mkdirSync(join(dir, "pages"), {recursive: true});
    writeFileSync(join(dir, "observablehq.config.js"), 'export default {root: "pages"};\n');
    expect(await sourceRoot(dir)).toBe(join(dir, "pages"));
    const old = join(work, "old");
    mkdirSync(join(old, "docs"), {recursive: true});
    writeFileSync(join(old, "observablehq.config.js"), "export default {title: 'Old'};\n");
    expect(await sourceRoot(old)).toBe(join(old, "docs"));
  });
});
