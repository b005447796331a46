// Names Observable Framework defines implicitly that queuebook does not provide offline: some of
// its recommended libraries (imported from a CDN on first use; those queuebook carries, such as
// aq, DuckDBClient and L, are chunks in contract.ts) and its sample datasets. A cell that
// reads one gets an error saying what the name is in Framework and what to install or attach,
// instead of "topojson is not defined". A page that defines the name itself (a cell, or a script
// setting a global) keeps its own.

/** Framework's implicit imports queuebook does not bundle: name → the npm package Framework imports. */
const libraries: Record<string, string> = {
  echarts: "echarts",
  mapboxgl: "mapbox-gl",
  React: "react",
  ReactDOM: "react-dom",
  vg: "@uwdata/vgplot",
  vl: "vega-lite-api",
  dot: "@viz-js/viz",
  mermaid: "mermaid"
};

/** The import a notebook writes instead, where one line does it. */
const imports: Record<string, string> = {
  echarts: 'import * as echarts from "npm:echarts"',
  mapboxgl: 'import mapboxgl from "npm:mapbox-gl"',
  React: 'import * as React from "npm:react"',
  ReactDOM: 'import * as ReactDOM from "npm:react-dom"'
};

/** Framework's sample datasets (npm:@observablehq/sample-datasets), by name → file. */
const datasets: Record<string, string> = {
  aapl: "aapl.csv",
  alphabet: "alphabet.csv",
  cars: "cars.csv",
  citywages: "citywages.csv",
  diamonds: "diamonds.csv",
  flare: "flare.csv",
  industries: "industries.csv",
  miserables: "miserables.json",
  olympians: "olympians.csv",
  penguins: "penguins.csv",
  pizza: "pizza.csv",
  weather: "weather.csv"
};

/** What a cell reading `name` is told: what Framework gives under that name and how to have it here. */
export function missingName(name: string): string | undefined {
  if (Object.hasOwn(libraries, name)) {
    const how = Object.hasOwn(imports, name)
      ? `install it (npm install ${libraries[name]}) and add a cell: ${imports[name]}`
      : `install ${libraries[name]} and import it in a cell`;
    return `${name} is not defined: Observable Framework imports it implicitly (npm:${libraries[name]}) and queuebook does not; ${how}`;
  }
  if (Object.hasOwn(datasets, name)) {
    const file = datasets[name];
    const read = file.endsWith(".json") ? "json()" : "csv({typed: true})";
    return `${name} is not defined: it is one of Observable Framework's sample datasets, which queuebook does not download; put ${file} (from the npm package @observablehq/sample-datasets) beside the notebook and add a cell: const ${name} = FileAttachment("${file}").${read}`;
  }
  return undefined;
}

/**
 * Runtime built-ins for those names: the page's own global when it has one, else the error
 * saying what to do (thrown when a cell reads the name, so only that cell fails).
 */
export function frameworkNames(): Record<string, () => unknown> {
  const definitions: Record<string, () => unknown> = {};
  for (const name of [...Object.keys(libraries), ...Object.keys(datasets)]) {
    definitions[name] = () => {
      if (Object.hasOwn(globalThis, name)) return (globalThis as Record<string, unknown>)[name];
      const error = new Error(missingName(name));
      error.name = "RuntimeError";
      throw error;
    };
  }
  return definitions;
}
