// plot.js: Plot and d3 for the notebooks that reference them.
import * as Plot from "@observablehq/plot";
import * as d3 from "d3";

(globalThis as any).queuebook.provide({Plot, d3});
