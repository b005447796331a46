import type {Plugin} from "esbuild";
/** The esbuild plugin for the editor.js entry: leaves out library code the in-page compile never runs. */
export function editorSlim(): Plugin;
