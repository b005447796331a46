// Framework's DuckDBClient over DuckDB-Wasm: a database made of named tables (files, Arrow or
// Arquero tables, arrays of objects), queried with SQL; results are Arrow tables. The engine
// comes from duckdbEngine.ts (a worker whose wasm travels inside the page's scripts).
import * as Arrow from "apache-arrow";
import type {AsyncDuckDB, AsyncDuckDBConnection} from "@duckdb/duckdb-wasm";
import {startDuckDB} from "./duckdbEngine.js";
import {maybePageApi, pageApi} from "../pageApi.js";

/** A DuckDB database in the page, with Framework's DatabaseClient methods. */
export class DuckDBClient {
  declare readonly _db: AsyncDuckDB;
  constructor(db: AsyncDuckDB) {
    Object.defineProperty(this, "_db", {value: db});
  }
  /** A database holding `sources` as tables (name → file, table, array, or a promise of one). */
  static async of(sources: Record<string, unknown> = {}, config: Record<string, any> = {}): Promise<DuckDBClient> {
    const db = await startDuckDB();
    await db.open({...config, query: {castTimestampToDate: true, castBigIntToDouble: true, ...config.query}});
    await Promise.all(Object.entries(sources).map(([name, source]) => insertSource(db, name, source)));
    return new DuckDBClient(db);
  }
  /** The `sql` tag of a database holding `sources`. */
  static async sql(sources?: Record<string, unknown>, config?: Record<string, any>) {
    const client = await DuckDBClient.of(sources, config);
    return client.sql.bind(client);
  }
  async query(query: string, params?: unknown[]): Promise<Arrow.Table> {
    const connection = await this._db.connect();
    try {
      if (!params?.length) return await connection.query(query);
      const statement = await connection.prepare(query);
      try {
        return await statement.query(...params);
      } finally {
        await statement.close();
      }
    } finally {
      await connection.close();
    }
  }
  /** The rows of a query in batches: `schema` and `readRows()`, an async iterator of arrays of rows. */
  async queryStream(query: string, params?: unknown[]) {
    const table = await this.query(query, params);
    return {
      schema: table.schema,
      async *readRows() {
        for (const batch of table.batches) yield batch.toArray();
      }
    };
  }
  async queryRow(query: string, params?: unknown[]): Promise<any> {
    const table = await this.query(query, params);
    return table.numRows ? table.get(0) : null;
  }
  async sql(strings: TemplateStringsArray, ...params: unknown[]): Promise<Arrow.Table> {
    return this.query(strings.join("?"), params);
  }
  queryTag(strings: TemplateStringsArray, ...params: unknown[]): [string, unknown[]] {
    return [strings.join("?"), params];
  }
  escape(name: string): string {
    return `"${name}"`;
  }
  async describeTables(): Promise<{name: string}[]> {
    return Array.from(await this.query("SHOW TABLES"), (row: any) => ({name: row.name}));
  }
  async describeColumns({table}: {table?: string} = {}) {
    return Array.from(await this.query(`DESCRIBE ${this.escape(String(table))}`), (row: any) => ({
      name: row.column_name,
      type: columnType(row.column_type),
      nullable: row.null !== "NO",
      databaseType: row.column_type
    }));
  }
}
Object.defineProperty(DuckDBClient.prototype, "dialect", {value: "duckdb"});

let files = 0;

/** Inserts one named source as a table, by what it is. */
async function insertSource(db: AsyncDuckDB, name: string, source: unknown): Promise<void> {
  source = await source;
  if (isFile(source)) return insertFile(db, name, source);
  if (isArrowTable(source) || Array.isArray(source) || isArquero(source)) return insertTable(db, name, source);
  if (source && typeof source === "object" && "data" in source) return insertTable(db, name, await source.data);
  if (source && typeof source === "object" && "file" in source)
    return insertFile(db, name, (await source.file) as FileLike, source as Record<string, unknown>);
  if (typeof source === "string")
    throw new Error(
      `DuckDBClient: table ${name}: a URL (${source}) would be read from the network; attach the file with FileAttachment instead`
    );
  throw new Error(`DuckDBClient: table ${name}: invalid source ${String(source)}`);
}

interface FileLike {
  name: string;
  mimeType?: string;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
}

function isFile(value: any): value is FileLike {
  return value && typeof value.name === "string" && typeof value.arrayBuffer === "function" && typeof value.text === "function";
}

async function insertFile(db: AsyncDuckDB, name: string, file: FileLike, options: Record<string, unknown> = {}): Promise<void> {
  const {file: _file, ...rest} = options;
  const ext = file.name.replace(/^.*\./, "").toLowerCase();
  const type = file.mimeType ?? "";
  if (type === "application/json" || ext === "json") return insertTable(db, name, JSON.parse(await file.text()));
  if (ext === "parquet") return insertTable(db, name, await (await needLibrary("parquet")).readRows(await file.arrayBuffer()));
  if (ext === "arrow") return insertIPC(db, name, new Uint8Array(await file.arrayBuffer()));
  const path = `file${++files}-${file.name.replace(/[^\w.-]/g, "_")}`;
  await db.registerFileBuffer(path, new Uint8Array(await file.arrayBuffer()));
  const connection = await db.connect();
  try {
    if (/^(db|ddb|duckdb)$/.test(ext)) {
      await connection.query(`ATTACH '${path}' AS "${name}" (READ_ONLY)`);
      return;
    }
    if (type === "text/csv" || type === "text/tab-separated-values" || ext === "csv" || ext === "tsv") {
      try {
        await connection.insertCSVFromPath(path, {name, schema: "main", ...rest} as Parameters<
          AsyncDuckDBConnection["insertCSVFromPath"]
        >[1]);
      } catch (error) {
        // a column DuckDB typed from its first rows that a later row contradicts: read it as text
        if (!String(error).includes("Could not convert")) throw error;
        await connection.query(`CREATE TABLE "${name}" AS SELECT * FROM read_csv_auto('${path}', ALL_VARCHAR=TRUE)`);
      }
      return;
    }
    throw new Error(
      `DuckDBClient: table ${name}: cannot read ${file.name} (${type || "unknown type"}): attach CSV, TSV, JSON, Parquet or Arrow`
    );
  } finally {
    await connection.close();
  }
}

/** An Arrow table (this copy of Arrow or another), an Arquero table, or an array of objects, as a table. */
async function insertTable(db: AsyncDuckDB, name: string, source: any): Promise<void> {
  if (isArquero(source)) return insertIPC(db, name, typeof source.toArrowIPC === "function" ? source.toArrowIPC() : source.toArrowBuffer());
  if (Array.isArray(source)) source = Arrow.tableFromJSON(source.map(plainRow));
  if (!(source instanceof Arrow.Table)) {
    // a table of another copy of Arrow (the page's Arrow, FileAttachment.arrow()): through its own IPC writer
    const foreign = maybePageApi()?.library("Arrow") as typeof Arrow;
    return insertIPC(db, name, foreign.tableToIPC(source, "stream"));
  }
  return insertIPC(db, name, Arrow.tableToIPC(source, "stream"));
}

async function insertIPC(db: AsyncDuckDB, name: string, bytes: Uint8Array): Promise<void> {
  const connection = await db.connect();
  try {
    await connection.insertArrowFromIPCStream(bytes, {name, schema: "main", create: true});
  } finally {
    await connection.close();
  }
}

/** A row as Arrow infers it: numbers stay numbers, a BigInt too; anything else is taken as it is. */
function plainRow(row: any): any {
  return row && typeof row.toJSON === "function" && !(row instanceof Date) ? row.toJSON() : row;
}

function isArrowTable(value: any): boolean {
  return (
    value &&
    typeof value.getChild === "function" &&
    typeof value.toArray === "function" &&
    value.schema &&
    Array.isArray(value.schema.fields)
  );
}

function isArquero(value: any): boolean {
  return value && (typeof value.toArrowIPC === "function" || typeof value.toArrowBuffer === "function");
}

/** A library of another chunk, loaded on first use. */
function needLibrary(name: string): Promise<any> {
  return pageApi().needChunk(name);
}

/** DuckDB's column type in Framework's DatabaseClient terms. */
function columnType(type: string): string {
  if (/^(BIGINT|HUGEINT|UBIGINT)$/.test(type)) return "bigint";
  if (/^(DOUBLE|REAL|FLOAT)$/.test(type)) return "number";
  if (/^(INTEGER|SMALLINT|TINYINT|USMALLINT|UINTEGER|UTINYINT)$/.test(type) || /^DECIMAL\(/.test(type)) return "integer";
  if (type === "BOOLEAN") return "boolean";
  if (/^(DATE|TIMESTAMP|TIMESTAMP WITH TIME ZONE)$/.test(type)) return "date";
  if (type === "VARCHAR" || type === "UUID") return "string";
  return "other";
}
