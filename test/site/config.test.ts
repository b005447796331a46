// An Observable Framework project's observablehq.config.* (src/site/config.ts): read for its
// literal values without running it, each key checked, code keys left out with a warning at
// their line; then a whole build of such a project (src/site/configSite.ts, configPage.ts): the
// pages come from the config's root, and every page gets the sidebar, table of contents, pager,
// title, theme and stylesheet the config and its front matter ask for.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {findConfig, readConfig, type SiteSection} from "../../src/site/config.js";
import {buildSite} from "../../src/site/build.js";
import {startPreview} from "../../src/site/preview.js";
import {pageTarget, slug} from "../../src/site/configPage.js";
import type {Warning} from "../../src/notebook/compile.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const base = realpathSync(mkdtempSync(join(tmpdir(), "queuebook-config-")));
afterAll(() => rmSync(base, {recursive: true, force: true}));

let n = 0;
/** A project folder holding `file` with `text`. */
function project(file: string, text: string): string {
  const dir = join(base, `p${++n}`);
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(dir, file), text);
  return join(dir, file);
}

describe("readConfig: the literal values, never the program", () => {
  it("reads a plain config: title, root, pages and sections, theme, toc, sidebar, pager", async () => {
    const file = project(
      "observablehq.config.js",
      `export default {
  title: "Course",
  root: "docs",
  pages: [{name: "Intro", path: "/intro"}, {name: "Labs", open: false, pages: [{name: "One", path: "/labs/one"}]}],
  theme: "dashboard",
  toc: {label: "On this page"},
  pager: false
};`
    );
    const {config, warnings} = await readConfig(file);
    expect(warnings).toEqual([]);
    expect(config.title).toBe("Course");
    expect(config.root).toBe(join(base, `p${n}`, "docs"));
    expect(config.pages?.[0]).toEqual({name: "Intro", path: "/intro"});
    expect((config.pages![1] as SiteSection).open).toBe(false);
    expect((config.pages![1] as SiteSection).pages).toEqual([{name: "One", path: "/labs/one"}]);
    expect(config.theme).toEqual(["dashboard"]);
    expect(config.toc).toEqual({show: true, label: "On this page"});
    expect([config.sidebar, config.pager]).toEqual([true, false]);
  });

  it("never runs the file: top-level code that would write a file does not, and its keys of code are left out by line", async () => {
    const marker = join(base, "ran.txt");
    const file = project(
      "observablehq.config.js",
      `import {writeFileSync} from "node:fs";
writeFileSync(${JSON.stringify(marker)}, "ran");
const site = "Built " + "here";
export default {
  title: site,
  header: \`<b>\${site}</b>\`,
  footer: () => "made at " + Date.now(),
  markdownIt: (md) => md
};`
    );
    const {config, warnings} = await readConfig(file);
    expect(existsSync(marker)).toBe(false);
    expect(config.title).toBe("Built here");
    expect(config.header).toBe("<b>Built here</b>");
    expect(config.footer).toBeUndefined();
    expect(warnings.find((w) => w.message.startsWith("footer is a function"))?.line).toBe(7);
    expect(warnings.some((w) => w.message.startsWith("markdownIt is a function") && w.line === 8)).toBe(true);
  });

  it("reads defineConfig({…}), a named const as the default export, and TypeScript", async () => {
    const wrapped = await readConfig(project("observablehq.config.js", `export default defineConfig({title: "Wrapped"});`));
    expect(wrapped.config.title).toBe("Wrapped");
    const named = await readConfig(project("observablehq.config.mjs", `const config = {title: "Named"};\nexport default config;`));
    expect(named.config.title).toBe("Named");
    const typed = await readConfig(
      project("observablehq.config.ts", `const title: string = "Typed";\nexport default {title, toc: false} satisfies object;`)
    );
    expect(typed.warnings).toEqual([]);
    expect([typed.config.title, typed.config.toc.show]).toEqual(["Typed", false]);
  });

  it("a file that does not parse, or exports no object, is the defaults and one warning naming where", async () => {
    const broken = await readConfig(project("observablehq.config.js", `export default {\n  title: "x",\n  pages: [\n};`));
    expect(broken.config.title).toBeUndefined();
    expect(broken.warnings).toHaveLength(1);
    expect(broken.warnings[0].line).toBe(4);
    expect(broken.warnings[0].message).toMatch(/its settings are not applied$/);
    const computed = await readConfig(project("observablehq.config.js", `export default makeConfig();`));
    expect(computed.warnings[0].message).toMatch(/not an object written out in the file/);
  });

  it("a key of the wrong type is left out with a warning; keys queuebook does not apply are named", async () => {
    const {config, warnings} = await readConfig(
      project("observablehq.config.js", `export default {title: 3, theme: {}, pages: "all", base: "/course/", cleanUrls: false};`)
    );
    expect(config.title).toBeUndefined();
    expect(config.theme).toBeUndefined();
    expect(config.pages).toBeUndefined();
    const messages = warnings.map((w) => w.message);
    expect(messages).toContain("title should be a string; left out");
    expect(messages).toContain("theme should be a name or a list of names; left out");
    expect(messages).toContain("pages should be a list; the sidebar lists every page instead");
    expect(messages).toContain("base, cleanUrls are not applied by queuebook");
  });

  it("findConfig: the folder's own config, or its parent's when that config's root is this folder", async () => {
    const file = project("observablehq.config.js", `export default {title: "P"};`);
    const dir = join(file, "..");
    mkdirSync(join(dir, "src"));
    expect((await findConfig(dir))?.config.title).toBe("P");
    expect((await findConfig(join(dir, "src")))?.config.title).toBe("P");
    mkdirSync(join(dir, "other"));
    expect(await findConfig(join(dir, "other"))).toBeUndefined();
  });
});

describe("Framework's paths and anchors", () => {
  it("pageTarget: a Framework path as a page of the root; an outside http(s) link kept; another scheme or a way out refused", () => {
    expect(pageTarget("/labs/one")).toEqual({page: "labs/one", hash: ""});
    expect(pageTarget("/labs/")).toEqual({page: "labs/index", hash: ""});
    expect(pageTarget("/")).toEqual({page: "index", hash: ""});
    expect(pageTarget("/a.html#part")).toEqual({page: "a", hash: "#part"});
    expect(pageTarget("https://example.org/x")).toEqual({url: "https://example.org/x"});
    expect(pageTarget("javascript:alert(1)")).toBeUndefined();
    expect(pageTarget("../../etc/passwd")).toEqual({page: "etc/passwd", hash: ""}); // normalised inside the root, as Framework does
  });

  it("slug: Framework's heading anchors", () => {
    expect(slug("Little's law")).toBe("littles-law");
    expect(slug("Érlang  C")).toBe("erlang-c");
    expect(slug("???")).toBe("section");
  });
});

describe("a Framework project built with its config", () => {
  const dir = join(base, "site");
  const out = join(base, "site-out");
  const warnings: Warning[] = [];
  beforeAll(async () => {
    mkdirSync(join(dir, "src", "labs"), {recursive: true});
    writeFileSync(
      join(dir, "observablehq.config.js"),
      `export default {
  title: "Queues <course>",
  pages: [{name: "First", path: "/first"}, {name: "Labs", pages: [{name: "Lab one", path: "/labs/one"}]}, {name: "Bad", path: "javascript:alert(1)"}],
  style: "site.css",
  footer: '<a href="/first">Start</a>',
  head: () => "<script>never</script>"
};`
    );
    writeFileSync(join(dir, "src", "site.css"), "body { --own: 1; }");
    writeFileSync(join(dir, "src", "index.md"), "# Home\n\nWelcome.\n");
    writeFileSync(join(dir, "src", "first.md"), "# First steps\n\n## Little's law\n\nL = λW.\n\n## Erlang C\n\nWaiting.\n");
    writeFileSync(join(dir, "src", "labs", "one.md"), "---\ntheme: [near-midnight, wide]\ntoc: false\n---\n# Lab one\n\n## Part\n");
    await buildSite({root: dir, out, packageRoot, effects: {warn: (w) => warnings.push(w)}});
  }, 60_000);

  const page = (name: string) => readFileSync(join(out, name), "utf8");

  it("builds the pages of the config's root (src/), and warns about the config's code by file and line", () => {
    expect(existsSync(join(out, "first.html"))).toBe(true);
    expect(existsSync(join(out, "labs", "one.html"))).toBe(true);
    expect(warnings.some((w) => w.path.endsWith("observablehq.config.js") && w.line === 6 && /head is a function/.test(w.message))).toBe(
      true
    );
    expect(page("first.html")).not.toContain("never");
  });

  it("each page has the sidebar of the config's pages, relative links, the current one marked, the title escaped, no javascript: link", () => {
    const first = page("first.html");
    const sidebar = /<nav class="qb-sidebar"[\s\S]*?<\/nav>/.exec(first)?.[0] ?? "";
    expect(sidebar).toMatch(/aria-label="Queues &(lt|#60);course&(gt|#62);"/);
    expect(sidebar).toContain('<a href="first.html" aria-current="page">First</a>');
    expect(sidebar).toContain('<a href="labs/one.html">Lab one</a>');
    expect(sidebar).toContain("<span>Bad</span>");
    expect(sidebar).not.toContain("javascript:");
    expect(page("labs/one.html")).toContain('<a href="../first.html">First</a>');
    expect(first).toMatch(/<title>First steps \| Queues &(lt|#60);course&(gt|#62);<\/title>/);
  });

  it("a table of contents of the h2s (on by default with a config; off where the front matter says toc: false), and the pager", () => {
    const first = page("first.html");
    expect(first).toContain('<h2 id="littles-law"');
    expect(first).toMatch(/<aside class="qb-toc"[\s\S]*href="#littles-law"[\s\S]*href="#erlang-c"/);
    expect(first).toMatch(/<nav class="qb-pager"[^>]*>.*rel="next" href="labs\/one.html"/);
    expect(page("labs/one.html")).not.toContain('class="qb-toc"');
  });

  it("the config's stylesheet is copied and linked in place of the theme; a page's theme spans the window", () => {
    expect(readFileSync(join(out, "site.css"), "utf8")).toBe("body { --own: 1; }");
    expect(page("first.html")).toContain('<link rel="stylesheet" href="site.css">');
    expect(page("labs/one.html")).toContain('<link rel="stylesheet" href="../site.css">');
    expect(page("labs/one.html")).toContain('class="qb-notebook qb-wide"');
  });

  it("the config's footer, its root-relative link made relative to the page", () => {
    expect(page("labs/one.html")).toContain(
      '<footer class="qb-footer" id="observablehq-footer"><a href="../first.html">Start</a></footer>'
    );
  });
});

describe("queuebook dev on a Framework project: the same config as the build", () => {
  it("serves the config's root, each page with the config's sidebar and title, and logs the config's warnings", async () => {
    const dir = join(base, "dev");
    mkdirSync(join(dir, "pages"), {recursive: true});
    writeFileSync(
      join(dir, "observablehq.config.js"),
      `export default {root: "pages", title: "Dev site", pages: [{name: "Alpha", path: "/alpha"}], footer: () => "x"};`
    );
    writeFileSync(join(dir, "pages", "alpha.md"), "# Alpha page\n\n## One\n");
    const lines: string[] = [];
    const preview = await startPreview({root: dir, packageRoot, port: 0, log: (line) => lines.push(line)});
    try {
      const reply = await fetch(new URL("/alpha", preview.url));
      expect(reply.status).toBe(200);
      const html = await reply.text();
      expect(html).toContain('<a href="alpha.html" aria-current="page">Alpha</a>');
      expect(html).toContain("<title>Alpha page | Dev site</title>");
      expect(html).toMatch(/<aside class="qb-toc"[\s\S]*href="#one"/);
      expect(lines.some((line) => /observablehq\.config\.js:1:\d+: .*footer is a function/.test(line))).toBe(true);
    } finally {
      await preview.close();
    }
  }, 60_000);
});
