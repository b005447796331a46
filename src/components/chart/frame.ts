// The frame of a hand-drawn chart: an <svg> with its x axis at the bottom, a y axis per panel,
// grid lines, the axis labels and, for a faceted chart, one panel per facet sharing both scales
// with its name on the right. The layout and look follow Plot's defaults (10px system-ui, ticks
// 6px long, grid at 10% opacity, "↑ label" above the y axis and "label →" under the x axis), so
// a figure drawn here sits beside a Plot figure as its twin. Marks are drawn into `marks`.
import {linear, type Linear} from "./scale.js";
import {px, svgElement} from "./svg.js";

/** One axis: its domain, its label (null for none) and whether grid lines cross the chart at its ticks. */
export interface AxisOptions {
  domain: [number, number];
  label: string | null;
  grid?: boolean;
}

/** A chart's size, margins, axes and (optionally) its facets, one panel each, top to bottom. */
export interface FrameOptions {
  width: number;
  height: number;
  marginTop?: number;
  marginRight?: number;
  marginBottom?: number;
  marginLeft?: number;
  x: AxisOptions;
  y: AxisOptions;
  facets?: readonly string[];
  /** What the chart shows, in one line: its name as an image for a screen reader (default: its axes' labels). */
  label?: string;
}

/** A panel: its y scale (the same domain in every panel, its own pixels) and its facet name. */
export interface Panel {
  y: Linear;
  facet?: string;
}

/** A drawn frame: the svg, the shared x scale, the panels, and the group the marks go into (drawn over the grid and axes). */
export interface ChartFrame {
  svg: SVGSVGElement;
  x: Linear;
  panels: Panel[];
  marks: SVGGElement;
}

/** Plot's gap between facet panels: a tenth of a panel's step. */
const facetPadding = 0.1;

/** A path of short strokes `d` (e.g. "h-6") starting at each point. */
const strokes = (points: [number, number][], d: string) => points.map(([x, y]) => `M${px(x)},${px(y)}${d}`).join("");

/** The frame for `options`: axes, grid, labels and facets drawn, marks to be added. */
export function chartFrame(options: FrameOptions): ChartFrame {
  const {width, height, marginTop = 20, marginRight = 20, marginBottom = 30, marginLeft = 40, facets} = options;
  const name = options.label ?? [options.y.label, options.x.label].filter((l) => l !== null).join(" · ");
  const svg = svgElement("svg", {
    role: "img",
    "aria-label": name || undefined,
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    fill: "currentColor",
    "font-family": "system-ui, sans-serif",
    "font-size": 10,
    style: "display: block; height: auto; max-width: 100%; overflow: visible;"
  });
  // Plot's default tick density: one per 80 px across, one per 35 px up.
  const x = linear(options.x.domain, [marginLeft, width - marginRight], (width - marginLeft - marginRight) / 80);
  const names = facets ?? [undefined];
  const step = (height - marginTop - marginBottom) / (names.length - (names.length > 1 ? facetPadding : 0));
  const band = names.length > 1 ? step * (1 - facetPadding) : step;
  const panels = names.map((facet, i) => {
    const top = marginTop + i * step;
    return {facet, y: linear(options.y.domain, [top + band, top], band / 35)};
  });
  const left = marginLeft,
    right = width - marginRight,
    bottom = panels.at(-1)!.y.range[0];
  const grid: string[] = [],
    ticks: string[] = [];
  const texts: SVGTextElement[] = [];
  const text = (content: string, attributes: Record<string, string | number>) => texts.push(svgElement("text", attributes, content));
  // Tick labels in a group each side that carries what they share, as Plot's axes do (a slider
  // redraws every chart: a third of the attributes a tick label had)
  const yTicks: SVGTextElement[] = [],
    xTicks: SVGTextElement[] = [];
  const tick = (into: SVGTextElement[], content: string, x: string, y: string, dy: string) =>
    into.push(svgElement("text", {x, y, dy}, content));
  for (const {y, facet} of panels) {
    const [base, top] = y.range;
    if (options.y.grid)
      grid.push(
        strokes(
          y.ticks.map((v) => [left, y(v)]),
          `H${px(right)}`
        )
      );
    if (options.x.grid)
      grid.push(
        strokes(
          x.ticks.map((v) => [x(v), top]),
          `V${px(base)}`
        )
      );
    ticks.push(
      strokes(
        y.ticks.map((v) => [left, y(v)]),
        "h-6"
      )
    );
    for (const v of y.ticks) tick(yTicks, y.format(v), px(left - 9), px(y(v)), "0.32em");
    if (facet !== undefined) text(facet, {x: px(right + 9.5), y: px((base + top) / 2), dy: "0.32em", "text-anchor": "start"});
  }
  ticks.push(
    strokes(
      x.ticks.map((v) => [x(v), bottom]),
      "v6"
    )
  );
  for (const v of x.ticks) tick(xTicks, x.format(v), px(x(v)), px(bottom + 9), "0.71em");
  if (options.y.label !== null) text(`↑ ${options.y.label}`, {x: 3.5, y: px(marginTop - 16.5), dy: "0.71em", "text-anchor": "start"});
  if (options.x.label !== null) text(`${options.x.label} →`, {x: px(width - 2), y: px(height - 3), "text-anchor": "end"});
  const marks = svgElement("g", {});
  svg.append(
    svgElement("path", {d: grid.join(""), stroke: "currentColor", "stroke-opacity": 0.1, fill: "none"}),
    svgElement("path", {d: ticks.join(""), stroke: "currentColor", fill: "none"}),
    svgElement("g", {"text-anchor": "end", "font-variant": "tabular-nums"}, ...yTicks),
    svgElement("g", {"text-anchor": "middle", "font-variant": "tabular-nums"}, ...xTicks),
    ...texts,
    marks
  );
  return {svg, x, panels, marks};
}
