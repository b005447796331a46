// Hand-drawn SVG charts: a frame with Plot's look (axes, grid, facets), linear scales with
// d3-array's ticks, path data for lines and bars, and a colour key. For figures a slider redraws
// many times a second, where Plot's per-figure cost is too much (see src/components/lab/charts.ts).
export {chartFrame, type ChartFrame, type FrameOptions, type AxisOptions, type Panel} from "./frame.js";
export {linear, type Linear} from "./scale.js";
export {stepAfterPath, rectsPath} from "./paths.js";
export {swatches} from "./legend.js";
export {svgElement, px} from "./svg.js";
