// Where `lab analyze` and `lab record` put the answer files in a lab folder. The learner's
// decision files (05-note.txt, arrival-model.txt: recorded.ts) are theirs: one that exists and
// says something else is kept, and the tool's answer goes beside it as <name>.suggested.txt,
// unless the learner asks for it to be replaced (--force). The writes themselves are
// src/io/write.ts (all together or none).
import {readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import {shapes} from "./schedule.js";
import {decisionNames} from "./recorded.js";

/** The files the analysis reads: an answer may never be written over one of them. */
export const labInputNames = ["01-probe.txt", "closed.csv", ...shapes.flatMap((s) => [`sched-${s}.csv`, `run-${s}.csv`, `srv-${s}.csv`])];

/** One answer file as it will be written: `target` is `name`, or its `.suggested.txt` when the learner's `name` is kept. */
export interface PlacedAnswer {
  name: string;
  target: string;
  text: string;
  kept: boolean;
}

/** The name the tool's answer takes beside a kept decision file: arrival-model.txt → arrival-model.suggested.txt. */
export function suggestedName(name: string): string {
  return name.replace(/(\.[^.]*)?$/, ".suggested$1");
}

/** A decision file bigger than this is not compared (it differs from any answer the tool writes). */
const maxCompared = 1 << 20;

/** The text of the regular file at `path`, or undefined when there is none (anything else is left to the target check). */
function existing(path: string): string | undefined {
  const info = statSync(path, {throwIfNoEntry: false});
  if (!info?.isFile()) return undefined;
  return info.size > maxCompared ? "" : readFileSync(path, "utf8");
}

/**
 * Where each of `files` ([name, text]) goes in `dir`: a decision file that exists as a regular
 * file and differs from the answer is kept (the answer goes to its suggested name) unless `force`.
 * Reads only; the caller checks every target and writes them.
 */
export function placeAnswers(dir: string, files: [name: string, text: string][], {force = false} = {}): PlacedAnswer[] {
  return files.map(([name, text]) => {
    const mine = decisionNames.includes(name) && !force ? existing(join(dir, name)) : undefined;
    const kept = mine !== undefined && mine !== text;
    return {name, target: kept ? suggestedName(name) : name, text, kept};
  });
}

/** What was done, one line per file: `wrote <name>` or `kept <name> (…): wrote <suggested>`. */
export function placedLines(placed: PlacedAnswer[], shown: (name: string) => string): string[] {
  return placed.map((p) =>
    p.kept
      ? `kept ${shown(p.name)} (the learner's, it differs from the analysis; --force replaces it): wrote ${shown(p.target)}`
      : `wrote ${shown(p.target)}`
  );
}
