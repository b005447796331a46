// A project module that imports Plot with Framework's npm: specifier.
import * as Plot from "npm:@observablehq/plot";

export function serversChart(servers) {
  return Plot.barY(servers, {x: "server", y: "rate"}).plot({width: 300, height: 120});
}
