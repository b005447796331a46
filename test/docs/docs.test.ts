// The documentation site (docs/, queuebook notebooks) and the README as its front door: docs/
// builds with no warning, every relative link of the sources and of the built pages resolves,
// the page contracts are written on one page only, and the README stays short and names only
// commands that exist. The pages' cells run in Chromium in docs.browser.test.ts.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {mkdtemp, rm} from "node:fs/promises";
import {tmpdir} from "node:os";
import {dirname, join, resolve} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {buildSite, type BuildResult} from "../../src/site/build.js";
import {labSubcommandNames} from "../../src/cli/lab/names.js";
import {usage} from "../../src/cli/main.js";

const packageRoot = resolve(new URL("../../", import.meta.url).pathname);
const docs = join(packageRoot, "docs");
const pages = readdirSync(docs)
  .filter((name) => name.endsWith(".md"))
  .sort();
const read = (path: string) => readFileSync(join(packageRoot, path), "utf8");
const packageJson = JSON.parse(read("package.json")) as {scripts: Record<string, string>};

/** Markdown without its code: fenced blocks and inline code spans, whose links are examples. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "").replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, "");
}

/** The relative targets of Markdown links and images, and of href/src attributes, in `markdown`. */
function relativeTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets = [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)[^)]*\)/g), ...text.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#") && !t.startsWith("//"));
}

describe("docs/ as a queuebook site", () => {
  let work: string;
  let out: string;
  let built: BuildResult;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "queuebook-docs-"));
    out = join(work, "site");
    built = await buildSite({root: docs, out, packageRoot, cwd: packageRoot});
  }, 120_000);
  afterAll(async () => {
    if (work) await rm(work, {recursive: true, force: true});
  });

  it("has the pages the README and the index name, and builds every one with no warning", () => {
    for (const page of [
      "index",
      "getting-started",
      "notebook-format",
      "editing",
      "export-present-print",
      "cli",
      "dev-server",
      "jupyterlab",
      "writing-a-lesson",
      "lab-tools",
      "accessibility",
      "how-it-works",
      "contracts",
      "testing",
      "course"
    ]) {
      expect(pages).toContain(`${page}.md`);
    }
    expect(built.warnings.map((w) => `${w.path}:${w.line}:${w.column}: ${w.message}`)).toEqual([]);
    expect(built.pages.map((p) => p.path).sort()).toEqual(pages);
  });

  it("resolves every relative link and image of the built pages to a file of the site, and every #fragment to an id of its page", () => {
    const broken: string[] = [];
    for (const page of pages) {
      const file = join(out, page.replace(/\.md$/, ".html"));
      const html = readFileSync(file, "utf8");
      // the page's own markup, not the text of its embedded source (#qb-source) or scripts
      const markup = html.replace(/<script\b[\s\S]*?<\/script>/g, "");
      for (const [, attr] of markup.matchAll(/\b(?:href|src)="([^"]+)"/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(attr) || attr.startsWith("//")) continue;
        const [path, fragment] = attr.split("#");
        const target = path ? resolve(dirname(file), decodeURIComponent(path.split("?")[0])) : file;
        if (!existsSync(target) || !statSync(target).isFile()) broken.push(`${page}: ${attr}`);
        else if (fragment && target.endsWith(".html") && !readFileSync(target, "utf8").includes(`id="${fragment}"`))
          broken.push(`${page}: ${attr} (no such id)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("writes each page contract on the contracts page only", () => {
    const contracts: [string, RegExp][] = [
      ["data-metric", /data-metric/],
      ["data-value", /data-value/],
      ["data-action", /data-action/],
      ["data-speed", /data-speed/],
      ["?lang=", /\?lang=/],
      ["#/N", /#\/(?:N|\d)/],
      ["the run link", /#run=|run=v1/],
      ['name="lab-files"', /name="lab-files"/],
      ["download links", /<a download=/],
      ["data-qb-edit", /data-qb-edit(?![\w-])/],
      ["data-qb-editor", /data-qb-editor/],
      ["data-qb-checkpoint", /data-qb-checkpoint/]
    ];
    const sources = [...pages.map((page) => `docs/${page}`), "README.md"];
    const where = (pattern: RegExp) => sources.filter((source) => pattern.test(read(source)));
    for (const [name, pattern] of contracts) expect(where(pattern), name).toEqual(["docs/contracts.md"]);
  });
});

describe("the sources' links", () => {
  it("resolve from README.md, bench/README.md and every docs page to a file of the repository", () => {
    const broken: string[] = [];
    for (const source of ["README.md", "bench/README.md", ...pages.map((page) => `docs/${page}`)]) {
      for (const target of relativeTargets(read(source))) {
        const path = resolve(packageRoot, dirname(source), decodeURIComponent(target.split("#")[0]));
        if (!path.startsWith(packageRoot + "/") || !existsSync(path)) broken.push(`${source}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("name no clone-less path (../shared) and no issue number", () => {
    for (const source of ["README.md", "bench/README.md", ...pages.map((page) => `docs/${page}`)]) {
      const text = read(source);
      expect(text, source).not.toMatch(/\.\.\/shared\//);
      expect(text, source).not.toMatch(/\bissues? #?\d+/i);
    }
  });
});

describe("README.md, the front door", () => {
  const readme = read("README.md");

  it("is at most 12 KB", () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12 * 1024);
  });

  it("names only npm scripts that package.json has, and the quick start's commands", () => {
    const named = [...readme.matchAll(/\bnpm run ([\w:-]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const script of named) expect(Object.keys(packageJson.scripts), `npm run ${script}`).toContain(script);
    for (const script of ["start", "test"]) expect(Object.keys(packageJson.scripts)).toContain(script);
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
    expect(readme).toContain("npm run bench");
    expect(readme).toContain("notebooks/hello.md");
    expect(readme).toContain("http://127.0.0.1:3000/hello");
  });

  it("names only queuebook commands and lab subcommands the CLI has, here and in the docs", () => {
    const commands = [...usage.matchAll(/^ {2}(\w+) /gm)].map((m) => m[1]);
    expect(commands).toEqual(["dev", "build", "export", "sim", "lab"]);
    const wrong: string[] = [];
    for (const source of ["README.md", ...pages.map((page) => `docs/${page}`)]) {
      // as a command is written: `queuebook …` in code, or after npx
      for (const [, command, sub] of read(source).matchAll(/(?:npx |`)queuebook ([a-z0-9]+)(?: ([a-z0-9]+))?/g)) {
        if (!commands.includes(command)) wrong.push(`${source}: queuebook ${command}`);
        else if (command === "lab" && sub && !(labSubcommandNames as readonly string[]).includes(sub))
          wrong.push(`${source}: queuebook lab ${sub}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the JupyterLab install within five lines", () => {
    const section = readme.slice(readme.indexOf("## queuebook in JupyterLab"));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    expect(block).toContain("npm run jupyter:install");
    expect(block.trim().split("\n").length).toBeLessThanOrEqual(5);
  });

  it("package.json's docs script builds docs/ into the folder .gitignore leaves out", () => {
    expect(packageJson.scripts.docs).toMatch(/\bbuild --root docs -o dist-docs$/);
    expect(read(".gitignore").split("\n")).toContain("dist-docs/");
  });
});
