// katex.js: KaTeX for tex`…` (the fonts come with katex.css, inlined).
import katex from "katex";
import {pageApi} from "./pageApi.js";

pageApi().provide({katex});
