// The messages between a queuebook lesson running in JupyterLab and the tab that holds it.
// The lesson runs in a sandboxed iframe (scripts, no same origin: it cannot read Jupyter's
// cookies, call its API or touch another tab); the tab (jupyter/extension) owns the document.
// Every message is a plain object with `qb: PROTOCOL` and a `type`; anything else, anything
// too large or of the wrong shape is dropped by the side that receives it. Both sides import
// this module, so the shapes and their checks are written once. Browser-safe, no DOM.

/** The protocol's name and version: a message without it is not ours. */
export const PROTOCOL = "queuebook-jupyter/1";

/** The largest notebook text either side accepts (a lesson's .md), in UTF-16 code units. */
export const maxNotebookChars = 4 * 1024 * 1024;
/** The largest attached file the tab reads for a lesson, in bytes (as `queuebook build`'s default). */
export const maxFileBytes = 50 * 1024 * 1024;
/** The longest file name a lesson may ask for. */
const maxNameChars = 1024;

/** The lesson (frame) to the tab. */
export type FrameMessage =
  /** The frame's scripts are loaded: send the lesson. */
  | {qb: typeof PROTOCOL; type: "ready"}
  /** Keep the notebook as edited, made to the version whose hash is `expected` (dev's save rule). */
  | {qb: typeof PROTOCOL; type: "edited"; id: number; expected: string; text: string}
  /** The learner pressed Ctrl+S (or ⌘S) inside the lesson: save the document as JupyterLab saves it. */
  | {qb: typeof PROTOCOL; type: "save"}
  /** Read the file `name`, relative to the lesson (a FileAttachment, a locale file). */
  | {qb: typeof PROTOCOL; type: "read"; id: number; name: string};

/** The tab to the lesson. */
export type HostMessage =
  /** The lesson's document: its path (for messages) and text. `lang`: the tab's language. */
  | {qb: typeof PROTOCOL; type: "open"; path: string; text: string}
  /** The document changed outside the lesson (another editor, File → Revert, a reload from disk). */
  | {qb: typeof PROTOCOL; type: "source"; text: string}
  /** The answer to `edited`: kept (the document's new hash) or refused (one line; the learner's text stays). */
  | {qb: typeof PROTOCOL; type: "kept"; id: number; ok: true; hash: string}
  | {qb: typeof PROTOCOL; type: "kept"; id: number; ok: false; message: string}
  /** The answer to `read`: the file (text when it is UTF-8 text, else base64) or why not. */
  | {qb: typeof PROTOCOL; type: "file"; id: number; ok: true; mimeType: string; text?: string; base64?: string}
  | {qb: typeof PROTOCOL; type: "file"; id: number; ok: false; message: string};

const isId = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const isText = (s: unknown, max: number): s is string => typeof s === "string" && s.length <= max;
const isHash = (s: unknown): s is string => typeof s === "string" && /^[0-9a-f]{16}$/.test(s);

/** `data` as a message from the lesson, or undefined when it is not one (of a known kind, within bounds). */
export function frameMessage(data: unknown): FrameMessage | undefined {
  const m = data as Record<string, unknown> | null;
  if (!m || typeof m !== "object" || m.qb !== PROTOCOL) return undefined;
  switch (m.type) {
    case "ready":
    case "save":
      return {qb: PROTOCOL, type: m.type};
    case "edited":
      return isId(m.id) && isHash(m.expected) && isText(m.text, maxNotebookChars)
        ? {qb: PROTOCOL, type: "edited", id: m.id, expected: m.expected, text: m.text}
        : undefined;
    case "read":
      return isId(m.id) && isText(m.name, maxNameChars) && m.name.length > 0
        ? {qb: PROTOCOL, type: "read", id: m.id, name: m.name}
        : undefined;
    default:
      return undefined;
  }
}

/** `data` as a message from the tab, or undefined when it is not one. */
export function hostMessage(data: unknown): HostMessage | undefined {
  const m = data as Record<string, unknown> | null;
  if (!m || typeof m !== "object" || m.qb !== PROTOCOL) return undefined;
  switch (m.type) {
    case "open":
      return isText(m.path, maxNameChars) && isText(m.text, maxNotebookChars)
        ? {qb: PROTOCOL, type: "open", path: m.path, text: m.text}
        : undefined;
    case "source":
      return isText(m.text, maxNotebookChars) ? {qb: PROTOCOL, type: "source", text: m.text} : undefined;
    case "kept":
      if (!isId(m.id)) return undefined;
      if (m.ok === true) return isHash(m.hash) ? {qb: PROTOCOL, type: "kept", id: m.id, ok: true, hash: m.hash} : undefined;
      return isText(m.message, 1000) ? {qb: PROTOCOL, type: "kept", id: m.id, ok: false, message: m.message} : undefined;
    case "file":
      if (!isId(m.id)) return undefined;
      if (m.ok === false)
        return isText(m.message, 1000) ? {qb: PROTOCOL, type: "file", id: m.id, ok: false, message: m.message} : undefined;
      if (m.ok !== true || !isText(m.mimeType, 200)) return undefined;
      if (isText(m.text, maxFileBytes)) return {qb: PROTOCOL, type: "file", id: m.id, ok: true, mimeType: m.mimeType, text: m.text};
      if (isText(m.base64, Math.ceil(maxFileBytes / 3) * 4))
        return {qb: PROTOCOL, type: "file", id: m.id, ok: true, mimeType: m.mimeType, base64: m.base64};
      return undefined;
    default:
      return undefined;
  }
}

/**
 * The path of `name` (a lesson's relative file name: "data/x.csv", "./locales/en.json") inside
 * the lesson's folder `folder` ("" for Jupyter's root), or a one-line reason it is refused: as
 * FileAttachment's rules, no absolute path, no dot segment ("..", a hidden ".git"), no way out.
 */
export function lessonFile(folder: string, name: string): {path: string} | {refused: string} {
  const quoted = JSON.stringify(name.length > 80 ? `${name.slice(0, 77)}…` : name);
  if (/^[a-z][a-z0-9+.-]*:/i.test(name) || name.startsWith("/") || name.includes("\\") || name.includes("\0"))
    return {refused: `cannot read ${quoted}: only a path relative to the lesson can be read`};
  const segments = name.split("/").filter((s, i) => !(s === "." && i === 0) && s !== "");
  if (!segments.length) return {refused: `cannot read ${quoted}: it names no file`};
  if (segments.some((s) => s.startsWith(".")))
    return {refused: `cannot read ${quoted}: a path with a dot segment (".." or a hidden name) is outside what a lesson may read`};
  return {path: [...folder.split("/").filter(Boolean), ...segments].join("/")};
}
