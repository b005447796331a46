// A PDF's pages as pictures: each page rendered by pdftoppm (poppler-utils) in grey at 30 dpi,
// and the share of it that is blank: the tallest run of rows without ink (a page cut short, or a
// gap where a block was pushed to the next page), over the page's height, the footer's page
// number left out.
import {execFile} from "node:child_process";
import {mkdtempSync, readdirSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {promisify} from "node:util";

/** Darker than this (0–255) is ink: anti-aliased text and chart lines, not paper. */
const INK = 235;

/** The tallest blank band of a greyscale picture (binary PGM, P5) as a share of its height, its bottom `footer` share left out. */
export function blankShare(pgm: Buffer, footer = 16 / 297): number {
  const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(pgm.toString("latin1", 0, 64))!.map(Number);
  const start = pgm.length - width * height;
  let run = 0;
  let tallest = 0;
  for (let y = 0; y < height - Math.round(height * footer); y++) {
    let ink = false;
    for (let x = 0; x < width && !ink; x++) ink = pgm[start + y * width + x] < INK;
    run = ink ? 0 : run + 1;
    tallest = Math.max(tallest, run);
  }
  return tallest / height;
}

/** Each page's blank share, in page order. */
export async function blankShares(pdf: string): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), "queuebook-pdf-pages-"));
  try {
    await promisify(execFile)("pdftoppm", ["-gray", "-r", "30", pdf, join(dir, "page")]);
    // page-1.pgm … page-12.pgm: sorted by their number, not as text
    const files = readdirSync(dir).sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]));
    return files.map((file) => blankShare(readFileSync(join(dir, file))));
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
