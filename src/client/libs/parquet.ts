// parquet.js: FileAttachment(…).parquet() → an Apache Arrow table, read by hyparquet (plain
// JavaScript: nothing to fetch, so it works from file://) with its decompressors.
import {tableFromJSON} from "apache-arrow";
import {parquetReadObjects} from "hyparquet";
import {compressors} from "hyparquet-compressors";
import {pageApi} from "../pageApi.js";

/** The Parquet file in `buffer` as rows of objects. */
export function readRows(buffer: ArrayBuffer): Promise<Record<string, unknown>[]> {
  return parquetReadObjects({file: buffer, compressors});
}

/** The Parquet file in `buffer` as an Arrow table. */
export async function read(buffer: ArrayBuffer) {
  return tableFromJSON(await readRows(buffer));
}

pageApi().provide({parquet: {read, readRows}});
