// The page's shared object as the client sees it: src/page/api.ts (what every script of the page
// and the views share), with the editor's part added here, where the editor's types live
// (TypeScript merges this declaration into src/page/api.ts's PageApi).
import type {Edits} from "./edits/state.js";

export * from "../page/api.js";

/** What editor.js provides (src/client/editor/main.ts); client.js (editor/boot.ts) calls it. */
export interface EditorApi {
  /** Does what an edit button or the "Show code" toggle does. */
  press(control: Element): Promise<void>;
  /** The code cells' sources as edited, in order (the buttons' labels). */
  cellSources(): string[];
  /** Opens the editor of an edit button's block. */
  open?(button: Element): Promise<void>;
  /** Shows or hides every code cell's code. */
  showCode?(on: boolean): Promise<void>;
}

declare module "../page/api.js" {
  interface PageApi {
    /** Loads editor.js once (editor/boot.ts). */
    loadEditor?: () => Promise<EditorApi>;
    /** The editor, once editor.js ran. */
    editor?: EditorApi;
    /** Where edits go, once editor.js started them (src/client/edits/start.ts). */
    edits?: Edits;
  }
}
