// sqlite.js: Framework's SQLite (sql.js) and SQLiteDatabaseClient, for FileAttachment(…).sqlite()
// and pages that read the names. sql.js's wasm travels inside this chunk (as base64, built by
// build/client.js), so nothing is fetched and the page works from file://.
import initSqlJs from "sql.js/dist/sql-wasm.js";
import wasmBase64 from "sql.js/dist/sql-wasm.wasm";
import {pageApi} from "../pageApi.js";

function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let module: Promise<any> | undefined;
/** sql.js, started once on first use. */
export function SQLite(): Promise<any> {
  return (module ??= initSqlJs({wasmBinary: bytesOf(wasmBase64)}));
}

/** A database opened in the page, with Framework's DatabaseClient methods. */
export class SQLiteDatabaseClient {
  declare private db: any;
  constructor(db: any) {
    Object.defineProperty(this, "db", {value: db});
  }
  /** Opens a database from its bytes, a Blob or a file (a FileAttachment). */
  static async open(source: unknown): Promise<SQLiteDatabaseClient> {
    const [sqlite, data] = await Promise.all([SQLite(), bytesFrom(await source)]);
    return new SQLiteDatabaseClient(new sqlite.Database(data));
  }
  async query(query: string, params?: unknown[]): Promise<any[]> {
    const [result] = this.db.exec(query, params);
    if (!result) return Object.assign([], {columns: []});
    const rows = result.values.map((values: unknown[]) => Object.fromEntries(values.map((value, i) => [result.columns[i], value])));
    return Object.assign(rows, {columns: result.columns});
  }
  async queryRow(query: string, params?: unknown[]): Promise<any> {
    return (await this.query(query, params))[0] ?? null;
  }
  async explain(query: string, params?: unknown[]): Promise<HTMLElement> {
    const pre = document.createElement("pre");
    pre.className = "observablehq--inspect";
    pre.textContent = (await this.query(`EXPLAIN QUERY PLAN ${query}`, params)).map((row) => row.detail).join("\n");
    return pre;
  }
  async describeTables({schema}: {schema?: string} = {}): Promise<any[]> {
    return this.query(
      `SELECT NULLIF(schema, 'main') AS schema, name FROM pragma_table_list() WHERE type = 'table'${schema == null ? "" : " AND schema = ?"} AND name NOT LIKE 'sqlite_%' ORDER BY schema, name`,
      schema == null ? [] : [schema]
    );
  }
  async describeColumns({schema, table}: {schema?: string; table?: string} = {}): Promise<any[]> {
    if (table == null) throw new Error("missing table");
    const rows = await this.query(
      `SELECT name, type, "notnull" FROM pragma_table_info(?${schema == null ? "" : ", ?"}) ORDER BY cid`,
      schema == null ? [table] : [table, schema]
    );
    return rows.map(({name, type, notnull}) => ({name, type: sqliteType(type), databaseType: type, nullable: !notnull}));
  }
  async sql(strings: TemplateStringsArray, ...params: unknown[]): Promise<any[]> {
    return this.query(strings.join("?"), params);
  }
  queryTag(strings: TemplateStringsArray, ...params: unknown[]): [string, unknown[]] {
    return [strings.join("?"), params];
  }
  escape(name: string): string {
    return `"${name}"`;
  }
}
Object.defineProperty(SQLiteDatabaseClient.prototype, "dialect", {value: "sqlite"});

async function bytesFrom(source: any): Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (source && typeof source.arrayBuffer === "function") return new Uint8Array(await source.arrayBuffer());
  throw new Error("SQLiteDatabaseClient.open expects the database's bytes, a Blob or a file");
}

function sqliteType(type: string): string {
  const t = String(type).toUpperCase();
  if (/INT/.test(t)) return "integer";
  if (/CHAR|CLOB|TEXT/.test(t)) return "string";
  if (/REAL|FLOA|DOUB|NUMERIC|DECIMAL/.test(t)) return "number";
  if (/BLOB/.test(t)) return "buffer";
  if (/BOOL/.test(t)) return "boolean";
  if (/DATE|TIME/.test(t)) return "date";
  return "other";
}

// SQLite is Framework's `SQLite`: sql.js itself (a promise the runtime waits for).
pageApi().provide({
  sqlite: {
    SQLiteDatabaseClient,
    get SQLite() {
      return SQLite();
    },
    default: undefined
  }
});
