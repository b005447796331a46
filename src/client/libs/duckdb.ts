// duckdb.js: Framework's DuckDBClient, `sql` (the page's default database) and `duckdb`
// (DuckDB-Wasm itself), and the module npm:@observablehq/duckdb, for pages that use them.
import {DuckDBClient} from "./duckdbClient.js";
import {duckdb} from "./duckdbEngine.js";
import {pageApi} from "../pageApi.js";

const tables = new Map<string, unknown>();
let client: Promise<DuckDBClient> | undefined;

/** The page's default database, made on first use with the tables registered so far. */
function getDefaultClient(): Promise<DuckDBClient> {
  return (client ??= DuckDBClient.of(Object.fromEntries(tables)));
}

/** Adds (or with no source removes) a table of the default database, as Framework's registerTable. */
function registerTable(name: string, source?: unknown): void {
  if (source == null) tables.delete(name);
  else tables.set(name, source);
  client = undefined; // the next query makes the database again with the tables as they are now
}

/** The `sql` tag over the default database. */
async function sql(strings: TemplateStringsArray, ...params: unknown[]) {
  return (await getDefaultClient()).query(strings.join("?"), params);
}

pageApi().provide({duckdb: {DuckDBClient, sql, duckdb, registerTable, getDefaultClient}});
