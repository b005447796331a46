// Splits YAML front matter (between --- lines at the very top) from a notebook's Markdown.
import {load as parseYaml} from "js-yaml";

/** The notebook's front matter fields queuebook reads; others are kept as given. */
export interface FrontMatter {
  title?: string;
  description?: string;
  [key: string]: unknown;
}

/** The result of splitting: data, the Markdown after it, and how many lines it took. */
export interface SplitFrontMatter {
  data: FrontMatter;
  content: string;
  /** Lines consumed by the front matter, so positions in `content` map back to the file. */
  lineOffset: number;
  /** A problem with the YAML, reported as a warning (the notebook still builds). */
  error?: {line: number; message: string};
}

const pattern = /^---[ \t]*\n([\s\S]*?\n)?---[ \t]*(?:\n|$)/;

/** Splits front matter from `source` (which must use \n line endings). */
export function splitFrontMatter(source: string): SplitFrontMatter {
  const match = pattern.exec(source);
  if (!match) return {data: {}, content: source, lineOffset: 0};
  const lineOffset = match[0].split("\n").length - (match[0].endsWith("\n") ? 1 : 0);
  const content = source.slice(match[0].length);
  try {
    const data = (match[1] ?? "").trim() === "" ? {} : (parseYaml(match[1]!) ?? {});
    if (typeof data !== "object" || Array.isArray(data)) {
      return {data: {}, content, lineOffset, error: {line: 2, message: "front matter must be a YAML mapping"}};
    }
    return {data: data as FrontMatter, content, lineOffset};
  } catch (error) {
    const e = error as Error & {mark?: {line: number}; reason?: string};
    const line = 2 + (e.mark?.line ?? 0); // js-yaml counts lines from 0 after the opening ---
    return {data: {}, content, lineOffset, error: {line, message: `front matter: ${e.reason ?? e.message.split("\n")[0]}`}};
  }
}
