// plot-d3.js: Plot and d3 in one script, sharing the d3 modules Plot is built on; chosen when a
// notebook uses both (smaller than plot.js and d3.js together).
import * as Plot from "@observablehq/plot";
import * as d3 from "d3";
import {accessiblePlot} from "./plotA11y.js";
import {pageApi} from "./pageApi.js";

pageApi().provide({Plot: accessiblePlot(Plot), d3});
