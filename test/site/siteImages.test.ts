// Images in a site build (src/site/siteImages.ts): each image the prose may show is copied
// beside its page; each one it may not (outside the root, spelled in any encoding, a link out,
// a pipe, not an image, too big, missing) and every srcset is left out of the page, its src
// gone as the export drops it, with a warning at the file:line:column where the notebook writes it.
import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, relative} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {buildSite} from "../../src/site/build.js";
import {pageImages} from "../../src/site/siteImages.js";
import {imageTags} from "../../src/site/images.js";
import {warningLine, type Warning} from "../../src/notebook/compile.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const SECRET = "SECRET-BESIDE-THE-ROOT";
const base = realpathSync(mkdtempSync(join(tmpdir(), "queuebook-site-images-")));
const root = join(base, "fw");
afterAll(() => rmSync(base, {recursive: true, force: true}));

// A Framework-shaped project: a page in a subfolder showing images from the root by "/…" and
// by "../", and images it may not show, one per way out.
const page = [
  "# Pictures", //                                                         1
  "", //                                                                   2
  "![from the root](/data/pic.png)", //                                    3
  "", //                                                                   4
  '<img id="relative" src="../data/pic.png" alt="up one folder">', //      5
  "", //                                                                   6
  '<img id="outside" src="../../secret.png" alt="">', //                   7
  "", //                                                                   8
  "![encoded](%2E%2E/%2E%2E/secret.png)", //                               9
  "", //                                                                   10
  '<img id="entities" src="&#46;&#46;/&#46;&#46;/secret.png" alt="">', //  11
  "", //                                                                   12
  '<img id="link" src="passwd.png" alt=""> <img id="pipe" src="pipe.png" alt="">', // 13
  "", //                                                                   14
  '<img id="text" src="notes.txt" alt=""> <img id="missing" src="/nope.png" alt="">', // 15
  "", //                                                                   16
  '<img id="big" src="big.png" alt=""> <img id="escape" src="%E0%A4%A.png" alt="">', // 17
  "", //                                                                   18
  '<img id="set" src="/data/pic.png" srcset="../../secret.png 2x" alt="">', // 19
  "", //                                                                   20
  '<img id="web" src="https://example.com/a.png" alt=""> <img id="data" src="data:image/png;base64,AA" alt="">', // 21
  ""
].join("\n");

beforeAll(() => {
  mkdirSync(join(root, "sub"), {recursive: true});
  mkdirSync(join(root, "data"));
  writeFileSync(join(base, "secret.png"), SECRET);
  writeFileSync(join(root, "data", "pic.png"), "PNG-PIXELS");
  writeFileSync(join(root, "sub", "notes.txt"), "text");
  symlinkSync("/etc/passwd", join(root, "sub", "passwd.png"));
  spawnSync("mkfifo", [join(root, "sub", "pipe.png")]);
  writeFileSync(join(root, "sub", "big.png"), "");
  truncateSync(join(root, "sub", "big.png"), 2 * 1024 * 1024); // sparse: the limit below is 1 MB
  writeFileSync(join(root, "sub", "page.md"), page);
  writeFileSync(join(root, "index.md"), '# Home\n\n![home](data/pic.png) <img id="up" src="../secret.png" alt="">\n');
});

/** Every file under `dir`, relative and sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

const pageWarnings = [
  'sub/page.md:7:24: image "../../secret.png" is outside the notebook folder: only images inside it are copied; left out of the page',
  'sub/page.md:9:12: image "%2E%2E/%2E%2E/secret.png" is outside the notebook folder: only images inside it are copied; left out of the page',
  'sub/page.md:11:25: image "../../secret.png" is outside the notebook folder: only images inside it are copied; left out of the page',
  'sub/page.md:13:21: image "passwd.png" is a link to a file outside the notebook folder: only files inside it are copied; left out of the page',
  'sub/page.md:13:61: image "pipe.png" is not a regular file (a device, pipe or socket); left out of the page',
  'sub/page.md:15:21: image "notes.txt" is not an image type queuebook copies (.png, .jpg, .jpeg, .gif, .svg, .webp, .avif); left out of the page',
  'sub/page.md:15:63: image "/nope.png" not found in the notebook folder (nope.png); left out of the page',
  'sub/page.md:17:20: image "big.png" is 2 MB, more than the limit of 1 MB (--max-file-mb); left out of the page',
  'sub/page.md:17:59: image "%E0%A4%A.png" has a malformed %-escape; left out of the page',
  'sub/page.md:19:43: image srcset "../../secret.png 2x" is not copied: left out of the page (only an src is)'
];

describe("pageImages(html, file, root, maxBytes, markdown)", () => {
  it("copies what the page may show, drops every other src and each srcset, and says where each is written", async () => {
    const html =
      '<main><p><img src="/data/pic.png" alt="from the root"></p>\n<img id="relative" src="../data/pic.png" alt="up one folder">\n' +
      [
        '<img id="outside" src="../../secret.png" alt="">',
        '<img src="%2E%2E/%2E%2E/secret.png" alt="encoded">',
        '<img id="entities" src="&#46;&#46;/&#46;&#46;/secret.png" alt="">',
        '<img id="link" src="passwd.png" alt=""> <img id="pipe" src="pipe.png" alt="">',
        '<img id="text" src="notes.txt" alt=""> <img id="missing" src="/nope.png" alt="">',
        '<img id="big" src="big.png" alt=""> <img id="escape" src="%E0%A4%A.png" alt="">',
        '<img id="set" src="/data/pic.png" srcset="../../secret.png 2x" alt="">',
        '<img id="web" src="https://example.com/a.png" alt=""> <img id="data" src="data:image/png;base64,AA" alt="">'
      ].join("\n") +
      "</main>";
    const shown = await pageImages(html, join(root, "sub", "page.md"), root, 1024 * 1024, page);
    expect(shown.problems.map((p) => `sub/page.md:${p.line}:${p.column}: ${p.message}`)).toEqual(pageWarnings);
    expect([...shown.images.keys()]).toEqual(["data/pic.png"]);
    expect(shown.images.get("data/pic.png")!.toString()).toBe("PNG-PIXELS");
    // Each tag as it is left: only the images the site holds keep an src (root-relative made relative), and URLs stay.
    const srcs = imageTags(shown.html).map((t) => [
      shown.html.slice(t.start, t.end).match(/id="(\w+)"/)?.[1] ?? "",
      t.src?.raw ?? null,
      t.srcset?.raw ?? null
    ]);
    expect(srcs).toEqual([
      ["", "../data/pic.png", null],
      ["relative", "../data/pic.png", null],
      ["outside", null, null],
      ["", null, null],
      ["entities", null, null],
      ["link", null, null],
      ["pipe", null, null],
      ["text", null, null],
      ["missing", null, null],
      ["big", null, null],
      ["escape", null, null],
      ["set", "../data/pic.png", null],
      ["web", "https://example.com/a.png", null],
      ["data", "data:image/png;base64,AA", null]
    ]);
    expect(shown.html).not.toContain("secret");
  });

  it("finds each of two equal srcs at its own line, and leaves a page at the root's srcs as written", async () => {
    const markdown = "# Two\n\n![a](../x.png)\n\ntext\n\n![b](../x.png)\n";
    const html = '<p><img src="../x.png" alt="a"></p>\n<p><img src="../x.png" alt="b"></p>\n<p><img src="data/pic.png" alt="c"></p>';
    const shown = await pageImages(html, join(root, "two.md"), root, 1024, markdown);
    expect(shown.problems.map((p) => `${p.line}:${p.column}`)).toEqual(["3:6", "7:6"]);
    expect(shown.html).toBe('<p><img alt="a"></p>\n<p><img alt="b"></p>\n<p><img src="data/pic.png" alt="c"></p>');
  });
});

describe("buildSite: images of a subfolder page", () => {
  const out = join(base, "site");
  const warnings: Warning[] = [];
  beforeAll(async () => {
    await buildSite({root, out, packageRoot, maxFileBytes: 1024 * 1024, effects: {warn: (w) => warnings.push(w)}});
  }, 120_000);

  it("warns at file:line:column with build's wording, for every refused image of every page", () => {
    const lines = warnings.filter((w) => /image/.test(w.message)).map((w) => warningLine(w).replace(/^warning: /, ""));
    expect(lines).toEqual([
      'index.md:3:41: image "../secret.png" is outside the notebook folder: only images inside it are copied; left out of the page',
      ...pageWarnings
    ]);
    expect(lines.join("\n")).not.toMatch(/inlined|inlines/);
  });

  it("writes each refused <img> without its src, and the shown ones relative to the page", () => {
    const html = readFileSync(join(out, "sub", "page.html"), "utf8");
    const byId = (id: string) => imageTags(html).find((t) => html.slice(t.start, t.end).includes(`id="${id}"`))!;
    for (const id of ["outside", "entities", "link", "pipe", "text", "missing", "big", "escape"]) expect(byId(id).src, id).toBeUndefined();
    expect(byId("set").srcset).toBeUndefined();
    expect(byId("relative").src?.raw).toBe("../data/pic.png");
    expect(imageTags(html)[0].src?.raw).toBe("../data/pic.png");
    const index = readFileSync(join(out, "index.html"), "utf8");
    expect(imageTags(index).map((t) => t.src?.raw ?? null)).toEqual(["data/pic.png", null]);
  });

  it("copies nothing from outside the root: the site holds the pages, their scripts, the assets and the one picture", () => {
    const files = filesUnder(out).filter((f) => !f.startsWith("_queuebook/"));
    expect(files).toEqual([".queuebook-site", "data/pic.png", "index.html", "index.js", "sub/page.html", "sub/page.js"]);
    for (const file of filesUnder(out)) expect(readFileSync(join(out, file), "latin1").includes(SECRET), file).toBe(false);
    expect(readFileSync(join(out, "data", "pic.png"), "utf8")).toBe("PNG-PIXELS");
  });
});
