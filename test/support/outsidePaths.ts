// Finds the paths a source file builds that leave the package: the forms this project uses to
// name a file, evaluated statically. A clone holds only the package, so a test reading
// `../shared/…` fails (or skips) for everyone but the machine it was written on.
//   new URL("../../x", import.meta.url)            resolved against the file
//   const root = new URL("../../", import.meta.url).pathname   (or fileURLToPath(…), join(…),
//   import.meta.dirname) then join(root, "..", "x"), resolve(root, "x"), root + "x"
//   a literal naming the folder around the checkout by its absolute path
// A part that is not a literal ends the evaluation there: the literal prefix is what is checked.
import {dirname, join, relative, resolve, sep} from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";

/** One path that leaves the package: where it is written and where it points. */
export interface OutsidePath {
  file: string;
  line: number;
  source: string;
  target: string;
}

const literal = String.raw`(?:"([^"\\\n]*)"|'([^'\\\n]*)'|` + "`([^`\\\\$]*)(?:\\$\\{[^`]*)?`)";
const literalPattern = new RegExp(literal, "g");
const urlPattern = new RegExp(String.raw`new URL\(\s*${literal}\s*,\s*import\.meta\.url\s*\)`, "g");
const literalText = (m: RegExpExecArray, at = 1) => m[at] ?? m[at + 1] ?? m[at + 2] ?? "";

/** Where `file` (absolute) names paths outside `root` (the package folder, absolute). */
export function outsidePaths(file: string, text: string, root: string): OutsidePath[] {
  const found: OutsidePath[] = [];
  const inside = (target: string) => target === root || target.startsWith(root + sep);
  const report = (index: number, source: string, target: string) => {
    if (!inside(target)) found.push({file: relative(root, file), line: text.slice(0, index).split("\n").length, source, target});
  };
  const fromUrl = (path: string) => fileURLToPath(new URL(path, pathToFileURL(file)));

  // The names bound to a path, in order, so a later binding may build on an earlier one.
  const names = new Map<string, string>([["import.meta.dirname", dirname(file)]]);
  const base = String.raw`(import\.meta\.dirname|[A-Za-z_$][\w$]*)`;
  const joined = new RegExp(String.raw`\b(?:join|resolve)\(\s*${base}((?:\s*,\s*${literal})*)`, "g");
  const joinArgs = (args: string) => [...args.matchAll(literalPattern)].map((m) => literalText(m));
  const binding = new RegExp(
    String.raw`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:fileURLToPath\(\s*)?(new URL\(\s*${literal}\s*,\s*import\.meta\.url\s*\)|(?:join|resolve)\(\s*${base}((?:\s*,\s*${literal})*)|import\.meta\.dirname)`,
    "g"
  );
  for (const m of text.matchAll(binding)) {
    const [, name, expression] = m;
    if (expression.startsWith("new URL")) names.set(name, fromUrl(literalText(m as RegExpExecArray, 3)));
    else if (expression === "import.meta.dirname") names.set(name, dirname(file));
    else if (names.has(m[6])) names.set(name, join(names.get(m[6])!, ...joinArgs(m[7] ?? "")));
  }

  for (const m of text.matchAll(urlPattern)) report(m.index!, m[0], fromUrl(literalText(m)));
  for (const m of text.matchAll(joined)) {
    const args = joinArgs(m[2] ?? "");
    if (names.has(m[1]) && args.length) report(m.index!, m[0], (m[0].startsWith("resolve") ? resolve : join)(names.get(m[1])!, ...args));
  }
  for (const m of text.matchAll(new RegExp(String.raw`\b([A-Za-z_$][\w$]*)\s*\+\s*${literal}`, "g"))) {
    if (names.has(m[1])) report(m.index!, m[0], join(names.get(m[1])!, literalText(m, 2)));
  }
  // The checkout's surroundings by absolute path ("/work/shared/…" beside "/work/main").
  const around = dirname(root) + sep;
  for (const m of text.matchAll(literalPattern)) {
    const value = literalText(m);
    if (value.includes(around) && !value.includes(root)) report(m.index!, m[0], value.slice(value.indexOf(around)));
  }
  return found;
}
