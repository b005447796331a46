// d3.js: d3 alone, for notebooks that use d3 but not Plot.
import * as d3 from "d3";
import {pageApi} from "./pageApi.js";

pageApi().provide({d3});
