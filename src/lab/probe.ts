// The idle probe (curl -w '%{time_total}'): one request at a time on a fresh connection each.
import {monotonic, type Clock} from "./clock.js";
import {httpTransport, type Transport} from "./http.js";

/** Options for {@link probe}. */
export interface ProbeOptions {
  clock?: Clock;
  /** Default: node:http without connection reuse, like curl's separate invocations. */
  transport?: Transport;
}

/** Sends `count` GETs one after another; resolves to each total time in seconds (throws on non-200). */
export async function probe(
  url: string,
  count = 6,
  {clock = monotonic, transport = httpTransport({agent: false})}: ProbeOptions = {}
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = clock();
    const {code, error} = await transport(url);
    if (code !== 200) throw new Error(`probe ${i + 1}: ${error || `HTTP ${code}`}`);
    times.push(clock() - t0);
  }
  return times;
}
