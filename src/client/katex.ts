// katex.js: KaTeX for tex`…` (the fonts come with katex.css, inlined).
import katex from "katex";

(globalThis as any).queuebook.provide({katex});
