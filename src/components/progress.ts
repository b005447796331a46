// The learner's progress through the course, kept in this browser: per lesson (a notebook's page
// path, "on-call"), the checkpoints answered (with the guess), the scenarios finished and the lab
// steps done, plus which of each the lesson has (so the course page can say "1 of 2"). One
// localStorage entry per lesson, `queuebook:progress:<lesson>`, read defensively: an entry another
// version wrote, or one edited by hand, is read as far as it is valid and never trusted as markup.

/** The kinds of item a lesson counts. */
export const progressKinds = ["checkpoint", "scenario", "step"] as const;

/** One kind of item a lesson counts. */
export type ProgressKind = (typeof progressKinds)[number];

/** The part of the Web Storage API the store uses (localStorage, or a Map-backed one in tests). */
export interface ProgressStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** One kind's progress: the items the lesson has, and those done (each with its value: a checkpoint's guess). */
export interface KindProgress {
  known: string[];
  done: Record<string, string>;
}

/** A lesson's progress. */
export type LessonProgress = Record<ProgressKind, KindProgress>;

/** How many of a kind are done, out of how many the lesson has (done may exceed an older `of`). */
export interface Count {
  done: number;
  of: number;
}

/** The localStorage key of a lesson's progress. */
export function progressKey(lesson: string): string {
  return `queuebook:progress:${lesson}`;
}

// Ids and values are short labels; anything longer is not ours.
const maxText = 200;
const isText = (value: unknown): value is string => typeof value === "string" && value.length <= maxText;

/** An empty lesson's progress. */
export function emptyProgress(): LessonProgress {
  return {checkpoint: {known: [], done: {}}, scenario: {known: [], done: {}}, step: {known: [], done: {}}};
}

/** A stored entry's text as progress: whatever of it is valid; anything else reads as empty. */
export function parseProgress(text: string | null): LessonProgress {
  const progress = emptyProgress();
  let data: unknown;
  try {
    data = text === null ? null : JSON.parse(text);
  } catch {
    return progress;
  }
  if (!data || typeof data !== "object") return progress;
  for (const kind of progressKinds) {
    const entry = (data as Record<string, unknown>)[kind];
    if (!entry || typeof entry !== "object") continue;
    const {known, done} = entry as Record<string, unknown>;
    if (Array.isArray(known)) progress[kind].known = [...new Set(known.filter(isText))];
    if (done && typeof done === "object" && !Array.isArray(done)) {
      for (const [id, value] of Object.entries(done)) if (isText(id) && isText(value)) progress[kind].done[id] = value;
    }
  }
  return progress;
}

/** How many of each kind are done, out of the items the lesson has. */
export function progressCounts(progress: LessonProgress): Record<ProgressKind, Count> {
  const count = (kind: ProgressKind): Count => {
    const {known, done} = progress[kind];
    const ids = new Set([...known, ...Object.keys(done)]);
    return {done: Object.keys(done).length, of: ids.size};
  };
  return {checkpoint: count("checkpoint"), scenario: count("scenario"), step: count("step")};
}

/** The browser's localStorage, or undefined where there is none or it refuses access (a sandboxed frame). */
export function browserStorage(): ProgressStorage | undefined {
  try {
    const storage = (globalThis as {localStorage?: ProgressStorage}).localStorage;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}

// Where localStorage is missing or full, progress lives for this page's life only.
const memory = new Map<string, string>();

/** Reads a lesson's progress from `storage` (the browser's by default). */
export function readProgress(lesson: string, storage: ProgressStorage | undefined = browserStorage()): LessonProgress {
  const key = progressKey(lesson);
  if (memory.has(key) || !storage) return parseProgress(memory.get(key) ?? null);
  try {
    return parseProgress(storage.getItem(key));
  } catch {
    return parseProgress(null); // storage refused
  }
}

function write(lesson: string, progress: LessonProgress, storage: ProgressStorage | undefined): void {
  const key = progressKey(lesson);
  const text = JSON.stringify(progress);
  if (storage && !memory.has(key)) {
    try {
      storage.setItem(key, text);
      return;
    } catch {
      // full or refused: kept in memory for the rest of this page's life
    }
  }
  memory.set(key, text);
}

/** Records the items of `kind` the lesson has (a notebook calls this when it loads). */
export function expectItems(
  lesson: string,
  kind: ProgressKind,
  ids: readonly string[],
  storage: ProgressStorage | undefined = browserStorage()
): void {
  const progress = readProgress(lesson, storage);
  const known = [...new Set(ids.filter(isText))];
  if (known.length === progress[kind].known.length && known.every((id, i) => id === progress[kind].known[i])) return;
  progress[kind].known = known;
  write(lesson, progress, storage);
}

/** Marks one item done (and had), with its value (a checkpoint's guess; "done" for the others). */
export function markDone(
  lesson: string,
  kind: ProgressKind,
  id: string,
  value = "done",
  storage: ProgressStorage | undefined = browserStorage()
): void {
  if (!isText(id) || !isText(value)) return;
  const progress = readProgress(lesson, storage);
  if (progress[kind].done[id] === value && progress[kind].known.includes(id)) return;
  progress[kind].done[id] = value;
  if (!progress[kind].known.includes(id)) progress[kind].known.push(id); // done is also had
  write(lesson, progress, storage);
}

/** Forgets one item (a checkpoint guessed again). */
export function forget(lesson: string, kind: ProgressKind, id: string, storage: ProgressStorage | undefined = browserStorage()): void {
  const progress = readProgress(lesson, storage);
  if (!Object.hasOwn(progress[kind].done, id)) return;
  delete progress[kind].done[id];
  write(lesson, progress, storage);
}

/** Adds one item to those the lesson has (a checkpoint registers itself when it is drawn). */
export function knowItem(lesson: string, kind: ProgressKind, id: string, storage: ProgressStorage | undefined = browserStorage()): void {
  const progress = readProgress(lesson, storage);
  if (!isText(id) || progress[kind].known.includes(id)) return;
  progress[kind].known.push(id);
  write(lesson, progress, storage);
}
