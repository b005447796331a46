// A file a lesson asks for (a FileAttachment, a locale), read through Jupyter's contents API
// relative to the lesson, with FileAttachment's rules: no absolute path, no dot segment (no way
// up, no hidden file), a regular file, within the size cap. Its size is asked first, so a
// file over the cap is never downloaded. Jupyter's own rules (its root, hidden files) hold too.
import type {Contents} from "@jupyterlab/services";
import {lessonFile, maxFileBytes} from "../../../src/client/jupyter/protocol.js";

/** The answer to a lesson's read: the file (text, or base64 when it is not UTF-8 text) or a one-line reason. */
export type FileAnswer = {ok: true; mimeType: string; text?: string; base64?: string} | {ok: false; message: string};

/** How a file's size is found before it is read: its folder's listing, asked once for all the files a lesson reads together. */
export type Listing = (folder: string) => Promise<Map<string, Contents.IModel> | undefined>;

/** A listing that asks Jupyter for each folder once while `fresh()` holds (a lesson reads its files in one burst). */
export function folderListing(contents: Contents.IManager, fresh: () => boolean): Listing {
  let kept = new Map<string, Promise<Map<string, Contents.IModel> | undefined>>();
  return (folder) => {
    if (!fresh()) kept = new Map();
    let listing = kept.get(folder);
    if (!listing) {
      listing = contents.get(folder, {content: true, type: "directory"}).then(
        (model) => new Map((model.content as Contents.IModel[]).map((child) => [child.name, child])),
        () => undefined
      );
      kept.set(folder, listing);
    }
    return listing;
  };
}

/** Reads `name` for the lesson at `lessonPath` (a contents path, "course/notebooks/on-call.md"). */
export async function readLessonFile(
  contents: Contents.IManager,
  lessonPath: string,
  name: string,
  maxBytes = maxFileBytes,
  listing: Listing = folderListing(contents, () => false)
): Promise<FileAnswer> {
  const folder = lessonPath.includes("/") ? lessonPath.slice(0, lessonPath.lastIndexOf("/")) : "";
  const found = lessonFile(folder, name);
  if ("refused" in found) return {ok: false, message: found.refused};
  const quoted = JSON.stringify(name);
  const at = found.path.lastIndexOf("/");
  let model = (await listing(at < 0 ? "" : found.path.slice(0, at)))?.get(found.path.slice(at + 1));
  if (!model) return {ok: false, message: `cannot read ${quoted}: no such file beside the lesson`};
  if (model.type === "directory") return {ok: false, message: `cannot read ${quoted}: it is a folder`};
  if (typeof model.size === "number" && model.size > maxBytes)
    return {
      ok: false,
      message: `cannot read ${quoted}: ${(model.size / 1e6).toFixed(1)} MB is over the ${maxBytes / 1e6} MB limit for a lesson's file`
    };
  try {
    model = await contents.get(found.path, {type: "file", content: true});
  } catch {
    return {ok: false, message: `cannot read ${quoted}: Jupyter would not give it`};
  }
  const mimeType = (model.mimetype || "application/octet-stream").slice(0, 200);
  if (typeof model.content !== "string") return {ok: false, message: `cannot read ${quoted}: not a file`};
  const bytes = model.format === "base64" ? Math.floor((model.content.replace(/\s/g, "").length * 3) / 4) : model.content.length;
  if (bytes > maxBytes) return {ok: false, message: `cannot read ${quoted}: over the ${maxBytes / 1e6} MB limit for a lesson's file`};
  return model.format === "base64"
    ? {ok: true, mimeType, base64: model.content.replace(/\s/g, "")}
    : {ok: true, mimeType, text: model.content};
}
