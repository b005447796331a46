// The notebook imports src/sim in the browser: no node: modules, no ambient randomness or clock.
import {readdirSync, readFileSync} from "node:fs";
import {dirname, resolve} from "node:path";
import {describe, expect, it} from "vitest";

const folder = new URL("../../src/sim/", import.meta.url).pathname;
const files = readdirSync(folder, {recursive: true})
  .map(String)
  .filter((name) => name.endsWith(".ts"));

describe("src/sim", () => {
  it("has its modules", () => expect(files.length).toBeGreaterThanOrEqual(10));
  for (const name of files) {
    it(`${name} imports no node: module and never calls Math.random or Date.now`, () => {
      // Comments may mention what the code must not do; only code counts.
      const code = readFileSync(folder + name, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\/\/.*$/gm, "");
      expect(code).not.toMatch(/from\s+["']node:|import\(["']node:|require\(/);
      expect(code).not.toMatch(/Math\.random|Date\.now|new Date|performance\.now/);
      // only modules of src/sim, and the shared escaper (pure, no imports: test/io/oneLine.test.ts)
      for (const [, specifier] of code.matchAll(/from\s+["']([^"']+)["']/g)) {
        const target = resolve(dirname(folder + name), specifier);
        expect(target === resolve(folder, "../io/oneLine.js") || target.startsWith(folder), specifier).toBe(true);
      }
    });
  }
});
