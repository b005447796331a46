// What a page embeds about its notebook's .md and what the dev save endpoint takes: one shape
// both sides import (src/site/pageSource.ts writes it, src/client/edits reads it, src/site/save.ts
// checks it). Browser-safe.
import {sha256Hex} from "./sha256.js";
import type {SourceBlock} from "./source.js";

/** The page's embedded source (`<script type="application/json" id="qb-source">`). */
export interface EmbeddedSource {
  /** The notebook's path inside the notebook folder ("erlang-c.md", "course/week1.md"). */
  path: string;
  /** {@link sourceHash} of `text`: the version of the notebook the page was built from. */
  hash: string;
  text: string;
  blocks: SourceBlock[];
}

/** A save request to `POST /_queuebook/save` (dev only), sent with the browser's session cookie and `X-Queuebook-Write: 1` (src/site/previewAccess.ts). */
export interface SaveRequest {
  path: string;
  /** The hash the file on disk must still have (what the page loaded, or last saved). */
  expected: string;
  text: string;
}

/** The version of a notebook's text: the first 16 hex digits of its SHA-256. */
export function sourceHash(text: string): string {
  return sha256Hex(text, 16);
}
