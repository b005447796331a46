// Images of a page's prose: found in the HTML as a browser's tokenizer finds them, resolved and
// read under FileAttachment's rules (inside the notebook root, no link out, no device or pipe,
// the size limit checked before reading), and located at the line of the notebook that writes them.
import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {decodeEntities, imageLocator, imageSource, imageTags, readImage, type ImageRules} from "../../src/site/images.js";

const base = realpathSync(mkdtempSync(join(tmpdir(), "queuebook-images-")));
const root = join(base, "notebooks");
mkdirSync(join(root, "sub", "img"), {recursive: true});
writeFileSync(join(base, "secret.png"), "SECRET");
writeFileSync(join(root, "sub", "img", "dot.png"), "PNG");
writeFileSync(join(root, "top.svg"), "<svg/>");
writeFileSync(join(root, "sub", "notes.txt"), "text");
symlinkSync(join(base, "secret.png"), join(root, "sub", "out.png"));
symlinkSync("/etc/passwd", join(root, "sub", "passwd.png"));
symlinkSync("img/dot.png", join(root, "sub", "in.png"));
symlinkSync("/dev/zero", join(root, "sub", "zero.png"));
spawnSync("mkfifo", [join(root, "sub", "pipe.png")]);
writeFileSync(join(root, "sub", "big.png"), "");
truncateSync(join(root, "sub", "big.png"), 2048); // sparse: the limit below is 1 KB
afterAll(() => rmSync(base, {recursive: true, force: true}));

const rules: ImageRules = {folder: join(root, "sub"), root, realRoot: root, maxBytes: 1024};

/** Reads `src` as the export does: classified, then read when it names a file. */
async function read(src: string): Promise<string> {
  const source = imageSource(src, rules);
  if (source.kind !== "file") return source.kind === "refused" ? `refused: ${source.refused}` : source.kind;
  const image = await readImage(source.path, rules);
  return "bytes" in image ? `${image.type} ${image.bytes.toString()}` : `refused: ${image.refused}`;
}

describe("imageSource(src, rules) and readImage(path, rules)", () => {
  it("reads regular image files inside the root, relative to the notebook, and '/…' from the root", async () => {
    expect(await read("img/dot.png")).toBe("image/png PNG");
    expect(await read("./img/dot.png?v=2#frag")).toBe("image/png PNG");
    expect(await read("img%2Fdot.png")).toBe("image/png PNG");
    expect(await read("in.png")).toBe("image/png PNG"); // a link that stays inside
    expect(await read("../top.svg")).toBe("image/svg+xml <svg/>"); // up, but still inside the root
    expect(await read("/top.svg")).toBe("image/svg+xml <svg/>"); // Framework: "/" is the root
    expect(await read("/sub/img/dot.png")).toBe("image/png PNG");
  });

  it("refuses every way out of the root: traversal, encoded traversal, backslashes, absolute paths, links", async () => {
    for (const src of [
      "../../secret.png",
      "../../../../../../secret.png",
      "%2E%2E/%2E%2E/secret.png",
      "..%2F..%2Fsecret.png",
      "..\\..\\secret.png",
      "img/../../../secret.png"
    ]) {
      expect(await read(src), src).toBe("refused: is outside the notebook folder: only images inside it are inlined");
    }
    expect(await read(join(base, "secret.png"))).toMatch(/^refused: not found in the notebook folder/); // "/abs/…" is under the root, where it is not
    expect(await read("out.png")).toBe("refused: is a link to a file outside the notebook folder: only files inside it are inlined");
    expect(await read("passwd.png")).toBe("refused: is a link to a file outside the notebook folder: only files inside it are inlined");
    expect(await read("zero.png")).toBe("refused: is a link to a file outside the notebook folder: only files inside it are inlined");
  });

  it("refuses pipes, folders, other types, oversized files (by size, before reading), malformed escapes and NULs", async () => {
    expect(await read("pipe.png")).toBe("refused: is not a regular file (a device, pipe or socket)"); // and does not wait for a writer
    expect(await read("big.png")).toBe("refused: is 2,048 bytes, more than the limit of 1,024 bytes (--max-file-mb)");
    expect(await read("notes.txt")).toMatch(/^refused: is not an image type queuebook inlines \(\.png, \.jpg/);
    expect(await read("missing.png")).toBe("refused: not found in the notebook folder (sub/missing.png)");
    mkdirSync(join(root, "sub", "dir.png"), {recursive: true});
    expect(await read("dir.png")).toBe("refused: is a folder, not a file");
    for (const src of ["%E0%A4%A.png", "%", "a%zz.png", "%C0%AF.png"])
      expect(await read(src), src).toBe("refused: has a malformed %-escape");
    expect(await read("a%00.png")).toBe("refused: is not a file name");
  });

  it("tells data: URLs (kept) from URLs elsewhere (left out), whatever their case", () => {
    expect(imageSource("data:image/png;base64,AA", rules)).toEqual({kind: "data"});
    expect(imageSource("DATA:image/png,x", rules)).toEqual({kind: "data"});
    expect(imageSource("https://example.com/x.png", rules)).toEqual({kind: "url", scheme: "https:"});
    expect(imageSource("FILE:///etc/passwd", rules)).toEqual({kind: "url", scheme: "file:"});
    expect(imageSource("//example.com/x.png", rules)).toEqual({kind: "url", scheme: "//"});
    expect(imageSource("\\\\host\\share\\x.png", rules)).toEqual({kind: "url", scheme: "//"});
  });
});

describe("imageTags(html)", () => {
  it("finds src and srcset with any quoting, separators and case, the first of repeated attributes", () => {
    const html = `<p><IMG SRC="a.png" alt=x><img src='b.png'/><img\nsrc=c.png><img alt="x>y" src="d.png"><img src="e.png"src="f.png"><img/src=g.png><img srcset="h.png 2x" src=i.png></p><image src=no.png>`;
    const found = imageTags(html).map((t) => [t.src?.raw, t.srcset?.raw]);
    expect(found).toEqual([
      ["a.png", undefined],
      ["b.png", undefined],
      ["c.png", undefined],
      ["d.png", undefined],
      ["e.png", undefined],
      ["g.png", undefined],
      ["i.png", "h.png 2x"]
    ]);
    // each span is the whole attribute, so an edit replaces it and nothing else
    const [first] = imageTags(html);
    expect(html.slice(first.src!.start, first.src!.end)).toBe(' SRC="a.png"');
  });

  it("reads an unterminated tag of 200,000 attributes to its end (one pass: a backtracking pattern would not finish)", () => {
    const html = "<img " + "a=b ".repeat(200_000);
    const [tag] = imageTags(html);
    expect(tag.src).toBeUndefined();
    expect(tag.end).toBe(html.length - 1); // (the trailing space belongs to no attribute)
  });
});

describe("decodeEntities(value)", () => {
  it("decodes what a browser decodes in an attribute, so traversal spelled with references is seen", () => {
    expect(decodeEntities("&#46;&#46;&#x2F;x&amp;y&period;png")).toBe("../x&y.png");
    expect(decodeEntities("&#0;&#xD800;&#x110000;")).toBe("\ufffd\ufffd\ufffd");
    expect(decodeEntities("&unknown; &AMP;")).toBe("&unknown; &AMP;");
  });
});

describe("imageLocator(markdown)", () => {
  it("gives the line and column where each src is written, in page order, also when marked encoded it", () => {
    const md = '---\ntitle: t\n---\n\n![a](x.png)\n\ntext ![b](ü.png)\n\n<img src="x.png">\n\n<img src="a&amp;b.png">\n';
    const locate = imageLocator(md);
    expect(locate("x.png")).toEqual({line: 5, column: 6});
    expect(locate("%C3%BC.png")).toEqual({line: 7, column: 11});
    expect(locate("x.png")).toEqual({line: 9, column: 11}); // the second one, after the first
    expect(locate("a&amp;b.png")).toEqual({line: 11, column: 11});
    expect(locate("nowhere.png")).toEqual({line: 0, column: 0});
  });
});

describe("imageLocator(markdown) and Markdown's escapes", () => {
  it("finds a src whose backslash escapes marked undid", () => {
    const locate = imageLocator("# t\n\n![a](C:\\..)\n\n![b](a\\_b\\*.png)\n");
    expect(locate("C:..")).toEqual({line: 3, column: 6});
    expect(locate("a_b*.png")).toEqual({line: 5, column: 6});
  });
});
