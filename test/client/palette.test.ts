// The page's palette in src/client/style.css, light and dark: every text colour 4.5:1 or more on
// every surface it is written on, every chart mark and control outline 3:1 or more on the page
// (WCAG 2.1 1.4.3 and 1.4.11), read from the stylesheet itself so a new value is checked too.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {shapeColors, shapeHex} from "../../src/components/shapePalette.js";
import {contrast, luminance} from "../support/contrast.js";

const css = readFileSync(new URL("../../src/client/style.css", import.meta.url), "utf8");
const darkAt = css.indexOf("@media screen and (prefers-color-scheme: dark) {");
const lightCss = css.slice(0, darkAt);
const darkCss = css.slice(darkAt);

/** The custom properties of the first `:root { … }` block in `text`. */
function variables(text: string): Map<string, string> {
  const block = /:root[^{]*\{([^}]*)\}/.exec(text)?.[1] ?? "";
  return new Map([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].replace(/\/\*.*?\*\//g, "").trim()]));
}
const light = variables(lightCss);
const dark = new Map([...light, ...variables(darkCss)]);
const schemes = {light, dark} as const;

/** A variable's colour as #rrggbb, following var(--other) references. */
function hex(vars: Map<string, string>, name: string): string {
  const value = vars.get(name);
  if (value === undefined) throw new Error(`${name} is not set`);
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  if (ref) return hex(vars, ref[1]);
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) throw new Error(`${name}: ${value} is not a #hex colour`);
  return value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join("")}` : value;
}

const surfaces = ["--qb-bg", "--qb-code-bg", "--qb-tint", "--qb-button-bg", "--qb-accent-bg"];
const texts = [
  "--qb-text",
  "--qb-muted",
  "--qb-accent",
  "--qb-accent-strong",
  "--qb-error",
  "--qb-ok",
  "--qb-warn",
  "--qb-caution",
  "--qb-right",
  "--qb-wrong"
];
/** Each state's text on its own box (an alert, a resolved alert, a pause note). */
const ownBoxes: [string, string][] = [
  ["--qb-error", "--qb-error-bg"],
  ["--qb-text", "--qb-error-bg"],
  ["--qb-muted", "--qb-error-bg"],
  ["--qb-ok", "--qb-ok-bg"],
  ["--qb-warn", "--qb-warn-bg"],
  ["--qb-text", "--qb-warn-bg"],
  ["--qb-caution", "--qb-warn-bg"],
  ["--qb-on-accent", "--qb-accent"]
];
const marks = [...light.keys()].filter((name) => /^--qb-(c|shape)-/.test(name));

describe("style.css's palette", () => {
  it("sets every light variable again in the dark scheme, on screen only, and keeps paper light", () => {
    expect(darkAt).toBeGreaterThan(0);
    const own = variables(darkCss);
    for (const name of light.keys())
      if (/^--(qb-|syntax_)/.test(name) && name !== "--qb-width" && !/^var\(/.test(light.get(name)!))
        expect(own.has(name), name).toBe(true);
    expect(lightCss).toMatch(/color-scheme: light dark;/);
    expect(lightCss).toMatch(/@media print \{ :root \{ color-scheme: light; \} \}/);
    expect(lightCss).toMatch(/html\.qb-print-slides \{ color-scheme: light; \}/);
    expect(darkCss).toMatch(/^@media screen and \(prefers-color-scheme: dark\) \{\n {2}:root:not\(\.qb-print-slides\) \{/);
  });

  for (const [scheme, vars] of Object.entries(schemes)) {
    it(`${scheme}: text is 4.5:1 or more on every surface and on its own box`, () => {
      const low: string[] = [];
      for (const fg of texts)
        for (const bg of surfaces)
          if (contrast(hex(vars, fg), hex(vars, bg)) < 4.5)
            low.push(`${fg} on ${bg}: ${contrast(hex(vars, fg), hex(vars, bg)).toFixed(2)}`);
      for (const [fg, bg] of ownBoxes) if (contrast(hex(vars, fg), hex(vars, bg)) < 4.5) low.push(`${fg} on ${bg}`);
      expect(low).toEqual([]);
    });

    it(`${scheme}: chart marks, control outlines and the focus ring are 3:1 or more on the page`, () => {
      expect(marks.length).toBeGreaterThan(10);
      const low = [...marks, "--qb-border", "--qb-accent"].filter((name) => contrast(hex(vars, name), hex(vars, "--qb-bg")) < 3);
      expect(low).toEqual([]);
    });

    it(`${scheme}: the Inspector's value colours are 4.5:1 or more on the page`, () => {
      const low = [...vars.keys()]
        .filter((n) => n.startsWith("--syntax_") && n !== "--syntax_error")
        .filter((n) => contrast(hex(vars, n), hex(vars, "--qb-bg")) < 4.5);
      expect(low).toEqual([]);
    });

    it(`${scheme}: highlighted code is 4.5:1 or more on --qb-code-bg, the Inspector's fixed colours on the page`, () => {
      const code = [...vars.keys()].filter((n) => n.startsWith("--qb-hl-"));
      const inspect = [...vars.keys()].filter((n) => n.startsWith("--qb-inspect-"));
      expect(code.length).toBe(7);
      expect(inspect.length).toBe(3);
      expect(code.filter((n) => contrast(hex(vars, n), hex(vars, "--qb-code-bg")) < 4.5)).toEqual([]);
      expect(inspect.filter((n) => contrast(hex(vars, n), hex(vars, "--qb-bg")) < 4.5)).toEqual([]);
      expect(css).toMatch(/\.hljs-keyword[^{]*\{ color: var\(--qb-hl-keyword\); \}/);
    });
  }

  it("is light on light and dark on dark (the page's background and text)", () => {
    expect(luminance(hex(light, "--qb-bg"))).toBeGreaterThan(0.9);
    expect(luminance(hex(dark, "--qb-bg"))).toBeLessThan(0.02);
    expect(luminance(hex(dark, "--qb-text"))).toBeGreaterThan(0.7);
  });

  it("gives the arrival shapes the colours shapePalette.ts names, in both schemes", () => {
    for (const shape of ["even", "poisson", "burst"] as const) {
      expect(shapeColors[shape]).toBe(`var(--qb-shape-${shape}, ${shapeHex.light[shape]})`);
      expect(hex(light, `--qb-shape-${shape}`)).toBe(shapeHex.light[shape]);
      expect(hex(dark, `--qb-shape-${shape}`)).toBe(shapeHex.dark[shape]);
    }
  });

  it("refuses a low contrast (the check can fail: the old N / Z grey #9aa5b1 on white)", () => {
    expect(contrast("#9aa5b1", "#ffffff")).toBeLessThan(3);
  });
});
