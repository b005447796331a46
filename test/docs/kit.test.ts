// docs/writing-a-lesson.md against the kit it documents, so the page cannot fall behind: the keys
// the kit's views read by name (keysRead over src/components/oncall/ and the checkpoint, as the
// build's locale warnings read them), the spec shapes src/components/oncall/specs.ts exports, and
// the fields a scenario record may have (checkScenario's list in src/sim/catalog.ts).
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {keysRead} from "../../src/components/localeKeys.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(packageRoot, path), "utf8");
const page = read("docs/writing-a-lesson.md");

/** The text of the page from `heading` to the next heading of that level or higher. */
function section(heading: string): string {
  const start = page.indexOf(heading);
  expect(start, heading).toBeGreaterThan(-1);
  const level = /^#+/.exec(heading)![0].length;
  const rest = page.slice(start + heading.length);
  const end = rest.search(new RegExp(`^#{1,${level}} `, "m"));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The first column's code spans of the Markdown table in `text`. */
function firstColumn(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => /^\| `/.test(line))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

describe("docs/writing-a-lesson.md lists what the kit reads", () => {
  it("every key the kit's views read by name, and no other", () => {
    const kit = readdirSync(join(packageRoot, "src/components/oncall"))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `src/components/oncall/${name}`);
    const keys = new Set([...kit, "src/components/checkpoint.ts"].flatMap((file) => keysRead(read(file))));
    const block = /<div id="kit-keys">([\s\S]*?)<\/div>/.exec(page)?.[1] ?? "";
    const listed = [...block.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed).size, "a key listed twice").toBe(listed.length);
    expect([...listed].sort()).toEqual([...keys].sort());
  });

  it("every key pattern the views build from a name (a t(`prefix.${…}`) call)", () => {
    const kit = readdirSync(join(packageRoot, "src/components/oncall"))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => read(`src/components/oncall/${name}`));
    const prefixes = new Set(kit.flatMap((source) => [...source.matchAll(/(?<![\w$.])t\(`([a-z]+)\.\$\{/g)].map((m) => m[1])));
    const documented = firstColumn(section("### The string keys the kit reads")).map((key) => key.split(".")[0]);
    expect(prefixes.size).toBeGreaterThan(0);
    for (const prefix of prefixes) expect(documented, `${prefix}.<…>`).toContain(prefix);
  });

  it("every spec shape specs.ts exports, and no other", () => {
    const exported = [...read("src/components/oncall/specs.ts").matchAll(/^export type \{([^}]+)\}/gm)].flatMap((m) =>
      m[1].split(",").map((name) => name.trim())
    );
    const listed = firstColumn(section("### The spec shapes"));
    expect(exported.length).toBeGreaterThan(10);
    expect([...listed].sort()).toEqual([...exported].sort());
  });

  it("every field a scenario record may have (checkScenario's list), and no other", () => {
    const fields = JSON.parse(/^const fields = (\[[^\]]+\]);/m.exec(read("src/sim/catalog.ts"))![1]) as string[];
    expect(firstColumn(section("### The scenario record's fields"))).toEqual(fields);
  });
});
