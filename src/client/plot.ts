// plot.js: Plot alone (with the parts of d3 it uses), for notebooks that use Plot but not d3.
import * as Plot from "@observablehq/plot";
import {accessiblePlot} from "./plotA11y.js";
import {pageApi} from "./pageApi.js";

pageApi().provide({Plot: accessiblePlot(Plot)});
