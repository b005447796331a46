// Seeded fuzz of the export's images (issue 15): notebooks whose prose shows images by hostile
// srcs (traversal, absolute paths, percent- and entity-encoded tricks, malformed escapes, links
// out, a FIFO, a device, a huge file, URLs elsewhere), written as Markdown or as HTML with any
// quoting. Every export must finish without throwing, inline only the one image inside the
// notebook folder, carry no bytes of the machine's files (the secret beside the folder,
// /etc/passwd, /dev/zero's zeros) and give each refused image one warning at a line of the notebook.
// QB_FUZZ_RUNS and QB_FUZZ_SEED run more, or one again.
import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import fc from "fast-check";
import {afterAll, describe, expect, it} from "vitest";
import {exportPage} from "../../src/site/export.js";

const runs = Number(process.env.QB_FUZZ_RUNS ?? 10);
const seed = Number(process.env.QB_FUZZ_SEED ?? 20261201);
const packageRoot = new URL("../../", import.meta.url).pathname;

const SECRET = "QB-FUZZ-IMAGE-SECRET";
const OK = "QB-OK-IMAGE";
const base = realpathSync(mkdtempSync(join(tmpdir(), "queuebook-fuzz-images-")));
const nb = join(base, "nb");
mkdirSync(join(nb, "img"), {recursive: true});
mkdirSync(join(base, "elsewhere"));
writeFileSync(join(base, "elsewhere", "secret.png"), SECRET);
writeFileSync(join(base, "secret.png"), SECRET);
writeFileSync(join(nb, "img", "ok.png"), OK);
symlinkSync("/etc/passwd", join(nb, "img", "passwd.png"));
symlinkSync(join(base, "secret.png"), join(nb, "img", "secret.png"));
symlinkSync("/dev/zero", join(nb, "img", "zero.png"));
symlinkSync("..", join(nb, "img", "up"));
spawnSync("mkfifo", [join(nb, "img", "pipe.png")]);
writeFileSync(join(nb, "img", "huge.png"), "");
truncateSync(join(nb, "img", "huge.png"), 300 * 1024 * 1024);
afterAll(() => rmSync(base, {recursive: true, force: true}));

const pieces = [
  "..",
  ".",
  "/",
  "\\",
  "%2e",
  "%2E%2E",
  "%2f",
  "%5C",
  "&#46;",
  "&#x2F;",
  "&period;",
  "img",
  "up",
  "ok.png",
  "secret.png",
  "passwd.png",
  "zero.png",
  "pipe.png",
  "huge.png",
  "elsewhere",
  "%",
  "%E0%A4%A",
  "%00",
  "%C0%AE",
  "?x",
  "#y",
  "file:",
  "//",
  "https:",
  "data:image/png;base64,AA",
  base,
  "/etc/passwd",
  "/dev/zero",
  "C:\\",
  " ",
  "ü"
];
const src = fc.array(fc.constantFrom(...pieces), {minLength: 1, maxLength: 7}).map((parts) => parts.join(""));
/** An image as a notebook writes it: Markdown, or HTML with double, single or no quotes. */
const image = fc
  .tuple(src, fc.constantFrom("md", "double", "single", "bare"))
  .map(([s, form]) =>
    form === "md"
      ? `![a](${s})`
      : form === "double"
        ? `<img src="${s.replace(/"/g, "&quot;")}">`
        : form === "single"
          ? `<img src='${s.replace(/'/g, "&#39;")}'>`
          : `<img src=${s.replace(/[\s>"'`=<]/g, "") || "x"}>`
  );

describe("queuebook export's images (seeded fuzz)", () => {
  it(`inline nothing from outside the notebook folder and warn at a line, for ${runs} notebooks from seed ${seed}`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(image, {minLength: 1, maxLength: 6}), async (images) => {
        writeFileSync(join(nb, "fuzz.md"), `# Fuzz\n\n${images.join("\n\n")}\n`);
        const {html, warnings} = await exportPage({file: join(nb, "fuzz.md"), packageRoot});
        const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
        for (const leak of [
          SECRET,
          Buffer.from(SECRET).toString("base64"),
          "root:x:0:0",
          Buffer.from("root:x:0:0").toString("base64").slice(0, 12),
          "AAAAAAAAAAAA"
        ]) {
          expect(main.includes(leak), leak).toBe(false);
        }
        // Every src left in the prose is empty or a data: URL: the one allowed image, or one the notebook wrote.
        const inlined = `data:image/png;base64,${Buffer.from(OK).toString("base64")}`;
        for (const [, double, single, bare] of main.matchAll(/<img\b[^>]*?\ssrc=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
          const value = double ?? single ?? bare;
          expect(value === undefined || value === "" || value.startsWith("data:"), value).toBe(true); // (an empty src loads nothing)
          if (value && value !== inlined)
            expect(
              images.some((i) => i.includes("data:")),
              value
            ).toBe(true);
        }
        for (const w of warnings.filter((w) => w.message.startsWith("image "))) {
          expect(w.line, w.message).toBeGreaterThanOrEqual(3);
          expect(w.message).not.toMatch(/\n/);
        }
      }),
      {numRuns: runs, seed}
    );
  }, 120_000);
});
