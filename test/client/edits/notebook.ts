// A small notebook's embedded source for the edits tests: prose (block 0), a cell `const a = 1;`
// (block 1, line 3), prose (block 2, line 7), a cell `const b = a + 1;` (block 3, line 9).
import {parseNotebook} from "../../../src/notebook/parse.js";
import {sourceBlocks} from "../../../src/notebook/source.js";
import {sourceHash, type EmbeddedSource} from "../../../src/notebook/sourceContract.js";

/** The embedded source of `text` as a page carries it (path "t.md"). */
export function embedded(text: string, path = "t.md"): EmbeddedSource {
  return {path, hash: sourceHash(text), text, blocks: sourceBlocks(text, parseNotebook(text, path).blocks)};
}

export const text = "# T\n\n```js\nconst a = 1;\n```\n\nSome *prose*.\n\n```js\nconst b = a + 1;\n```\n";
export const source = embedded(text);
