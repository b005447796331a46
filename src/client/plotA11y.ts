// Plot's figures as assistive technology reads them. Plot names each mark's <g> with an
// aria-label ("line", "dot"), which ARIA forbids on an element without a role (axe:
// aria-prohibited-attr), and gives the <svg> no role or name. Here every figure the page's Plot
// draws (Plot.plot and mark.plot()) becomes one image (role="img") named by a one-line summary of
// its data: the caller's `ariaLabel` when given, else the marks and the axes' ranges; the marks'
// groups keep their labels (scripts and tests select by them) under a role that allows one.
// The series behind the figure are kept so that the cell showing it can offer them as a table.
// The words are the page's language's (src/client/ui/), its numbers written as it writes them.
import type * as PlotModule from "@observablehq/plot";
import {pageLanguage, ui} from "./ui/text.js";

/** One series of a figure, as the table view lists it: its mark's name and its points. */
export interface FigureSeries {
  mark: string;
  x: string;
  y: string;
  points: [unknown, unknown][];
}

/** The series of each figure drawn by the page's Plot (read by the cell's table view). */
export const figureSeries = new WeakMap<Element, FigureSeries[]>();

type Plot = typeof PlotModule;
type Options = Record<string, any> & {marks?: unknown[]};

/** The page's language for numbers, English when the browser knows no such locale. */
function language(): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([pageLanguage()]).length ? pageLanguage() : "en-US";
  } catch {
    return "en-US";
  }
}

/** A number or date as the summary writes it: a few significant digits, grouped thousands. */
function short(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "number")
    return Number.isFinite(value) ? value.toLocaleString(language(), {maximumSignificantDigits: 3}) : String(value);
  return String(value);
}

/** The x and y points of the marks that map data straight to x and y (marks with a transform are left out). */
function seriesOf(Plot: Plot, marks: unknown[]): FigureSeries[] {
  const out: FigureSeries[] = [];
  for (const mark of marks.flat(Infinity) as any[]) {
    const channels = mark?.channels;
    if (!channels?.x || !channels?.y || mark.initializer || !mark.data) continue;
    const label = (channel: any, fallback: string) => (typeof channel.value === "string" ? channel.value : (channel.label ?? fallback));
    try {
      const xs = Plot.valueof(mark.data, channels.x.value) as ArrayLike<unknown>;
      const ys = Plot.valueof(mark.data, channels.y.value) as ArrayLike<unknown>;
      if (!xs || !ys) continue;
      const points = Array.from({length: Math.min(xs.length, ys.length)}, (_, i) => [xs[i], ys[i]] as [unknown, unknown]);
      out.push({mark: mark.ariaLabel ?? "mark", x: label(channels.x, "x"), y: label(channels.y, "y"), points});
    } catch {
      // a channel Plot would have computed differently: the figure still draws, without this series
    }
  }
  return out;
}

/** "line, dot: x 1 to 2,000, y 0 to 0.98", from the figure's own scales. */
function summary(svg: SVGSVGElement & {scale?(name: string): any}, options: Options): string {
  const kinds = [...new Set(Array.from(svg.querySelectorAll(":scope > g[aria-label]"), (g) => g.getAttribute("aria-label")))].filter(
    (k) => k && !/^(x|y|fx|fy)-(axis|grid)/.test(k)
  );
  const axes: string[] = [];
  for (const name of ["x", "y"]) {
    const scale = svg.scale?.(name);
    if (!scale?.domain?.length) continue;
    const domain = scale.domain as unknown[];
    const label = scale.label ?? options[name]?.label;
    const range =
      typeof domain[0] === "number" || domain[0] instanceof Date
        ? ui("chart.range", {from: short(domain[0]), to: short(domain.at(-1))})
        : ui("chart.values", {count: domain.length});
    axes.push(
      `${
        label
          ? String(label)
              .replace(/[↑↓←→]/g, "")
              .trim()
          : name
      } ${range}`
    );
  }
  return [
    options.title ? String(options.title) : "",
    `${ui("chart.name")}${kinds.length ? ` (${kinds.join(", ")})` : ""}${axes.length ? `: ${axes.join("; ")}` : ""}`
  ]
    .filter(Boolean)
    .join(". ");
}

/** Makes a figure Plot drew one named image whose marks' labels are allowed (see the top). */
export function describeFigure(figure: Element, options: Options, series: FigureSeries[]): void {
  const svgs = figure instanceof SVGSVGElement ? [figure] : Array.from(figure.querySelectorAll("svg"));
  for (const svg of svgs) {
    // a legend's swatch repeats the text beside it
    if (!svg.querySelector("g") && svg.closest("[class$='-swatches'], [class*='-swatches ']")) {
      svg.setAttribute("aria-hidden", "true");
      continue;
    }
    for (const node of svg.querySelectorAll("[aria-label]:not([role])"))
      node.setAttribute("role", node.tagName.toLowerCase() === "g" ? "graphics-object" : "graphics-symbol");
    if (svg.hasAttribute("role") || svg.parentElement?.closest("svg")) continue;
    svg.setAttribute("role", "img");
    if (!svg.hasAttribute("aria-label")) svg.setAttribute("aria-label", summary(svg as SVGSVGElement, options));
  }
  if (series.length) figureSeries.set(figure, series);
}

/** The page's Plot with plot() and mark.plot() drawing described figures (see the top). */
export function accessiblePlot(Plot: Plot): Plot {
  const draw = Plot.plot;
  const plot = (options: Options = {}) => {
    const figure = draw(options as any) as unknown as Element;
    describeFigure(figure, options, seriesOf(Plot, options.marks ?? []));
    return figure;
  };
  // mark.plot(options) is plot({...options, marks: [...marks, mark]}) (Plot's index.js)
  const proto = Plot.Mark.prototype as any;
  proto.plot = function (this: unknown, {marks = [], ...options}: Options = {}) {
    return plot({...options, marks: [...marks, this]});
  };
  return {...Plot, plot} as unknown as Plot;
}

/** A figure's series as one table (mark, x, y), for the cell that shows it (display.ts). */
export function figureTable(series: FigureSeries[]): {summary: string; columns: string[]; rows(): (string | number)[][]} {
  const format = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === "number" ? Number(v.toPrecision(6)) : String(v));
  const same = series.every((s) => s.x === series[0].x && s.y === series[0].y);
  return {
    summary: ui("chart.table"),
    columns: [ui("chart.series"), same ? series[0].x : "x", same ? series[0].y : "y"],
    rows: () => series.flatMap((s) => s.points.map(([x, y]) => [s.mark, format(x), format(y)]))
  };
}
