// Reading the lab's CSV files the way a grader would: every complaint names file:line:column.
// d3-dsv parses CSV well but forgets where each field came from, so this small reader keeps
// positions. Pure (no node: imports), so the notebook's uploads show the same messages.

/** Bad input the lab cannot analyse: one line, meant for the learner, never a crash. */
export class LabInputError extends Error {
  override name = "LabInputError";
}

/** A problem at a place in a lab file: the message reads `file:line:column: reason`. */
export class LabFileError extends LabInputError {
  override name = "LabFileError";
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
  }
}

/** One data row: its fields, the 1-based line it starts on and each field's 1-based column. */
export interface TableRow {
  fields: string[];
  line: number;
  columns: number[];
}

/** A header and its data rows. */
export interface Table {
  header: string[];
  rows: TableRow[];
}

/** Splits CSV text into its header and rows with positions; see {@link eachRow}. */
export function readTable(file: string, text: string): Table {
  const rows: TableRow[] = [];
  const header = eachRow(file, text, (row) => void rows.push({fields: row.fields.slice(), line: row.line, columns: row.columns.slice()}));
  return {header, rows};
}

/**
 * Reads CSV text row by row with positions (RFC 4180: quotes, doubled quotes, newlines inside
 * quotes; \n or \r\n) and returns the header, also given to `onHeader` before any row so it
 * can be checked first. `visit` gets each data row in one reused object (copy what you keep),
 * so a million rows cost no million arrays. A UTF-8 byte-order mark is skipped; blank lines at
 * the end are ignored, blank lines between rows are an error. Linear in the text: plain lines
 * are cut with indexOf.
 */
export function eachRow(file: string, text: string, visit: (row: TableRow) => void, onHeader?: (header: string[]) => void): string[] {
  let header: string[] | undefined;
  const row: TableRow = {fields: [], line: 0, columns: []};
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1,
    lineStart = pos;
  const end = text.length;
  // Blank lines at the very end are allowed: trim them once instead of checking per row.
  let last = end;
  while (last > pos && (text[last - 1] === "\n" || text[last - 1] === "\r" || text[last - 1] === " " || text[last - 1] === "\t")) last--;
  let nextQuote = -1; // the first quote at or after pos, searched again only once passed (linear)
  while (pos < last) {
    let newline = text.indexOf("\n", pos);
    if (newline < 0) newline = end;
    if (nextQuote < pos) {
      nextQuote = text.indexOf('"', pos);
      if (nextQuote < 0) nextQuote = end;
    }
    row.fields.length = row.columns.length = 0;
    row.line = line;
    if (nextQuote >= newline) {
      const lineEnd = newline > pos && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      if (lineEnd === pos) throw new LabFileError(file, line, 1, "empty line");
      let start = pos;
      for (;;) {
        const comma = text.indexOf(",", start);
        const stop = comma < 0 || comma > lineEnd ? lineEnd : comma;
        row.fields.push(text.slice(start, stop));
        row.columns.push(start - lineStart + 1);
        if (stop === lineEnd) break;
        start = stop + 1;
      }
      pos = newline + 1;
      line++;
      lineStart = pos;
    } else {
      // A line with quotes: field by field, a quoted field may span lines.
      for (;;) {
        row.columns.push(pos - lineStart + 1);
        let value = "";
        if (text[pos] === '"') {
          const openLine = line,
            openColumn = pos - lineStart + 1;
          pos++;
          for (;;) {
            const close = text.indexOf('"', pos);
            if (close < 0) throw new LabFileError(file, openLine, openColumn, "a quoted field is never closed");
            for (let k = text.indexOf("\n", pos); k >= 0 && k < close; k = text.indexOf("\n", k + 1)) line++, (lineStart = k + 1);
            value += text.slice(pos, close);
            pos = close + 1;
            if (text[pos] === '"') (value += '"'), pos++;
            else break;
          }
          if (pos < end && text[pos] !== "," && text[pos] !== "\n" && !(text[pos] === "\r" && text[pos + 1] === "\n"))
            throw new LabFileError(file, line, pos - lineStart + 1, "unexpected text after a closing quote");
        } else {
          let stop = pos;
          while (stop < end && text[stop] !== "," && text[stop] !== "\n") stop++;
          value = text.slice(pos, stop).replace(/\r$/, "");
          if (value.includes('"'))
            throw new LabFileError(file, line, pos - lineStart + 1 + value.indexOf('"'), "a quote inside an unquoted field");
          pos = stop;
        }
        row.fields.push(value);
        if (text[pos] === ",") {
          pos++;
          continue;
        }
        if (text[pos] === "\r") pos++;
        pos++; // the newline, or past the end
        line++;
        lineStart = pos;
        break;
      }
    }
    if (header) visit(row);
    else {
      header = row.fields.slice();
      onHeader?.(header);
    }
  }
  if (!header) throw new LabFileError(file, 1, 1, "the file is empty (expected a header line)");
  return header;
}

/** Throws unless the header is `expected` (optionally followed by the `optional` columns). */
export function expectHeader(file: string, header: string[], expected: string[], optional: string[] = []): void {
  const allowed = [expected, ...optional.map((_, k) => [...expected, ...optional.slice(0, k + 1)])];
  if (allowed.some((columns) => columns.length === header.length && columns.every((c, i) => header[i].trim() === c))) return;
  const wanted = allowed.map((columns) => `"${columns.join(",")}"`).join(" or ");
  throw new LabFileError(file, 1, 1, `expected the header ${wanted}, got ${quote(header.join(","))}`);
}

const decimal = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A cursor over one row that reads typed fields and reports each problem at its place. */
export class RowReader {
  constructor(
    readonly file: string,
    readonly header: string[]
  ) {}

  /** Throws at the row's end unless it has as many fields as the header. */
  width(row: TableRow): void {
    if (row.fields.length !== this.header.length) {
      const column = row.columns[row.columns.length - 1] + row.fields[row.fields.length - 1].length;
      throw new LabFileError(
        this.file,
        row.line,
        column,
        `expected ${this.header.length} fields (${this.header.join(",")}), got ${row.fields.length}`
      );
    }
  }

  /** Field `k` as a finite decimal number, at least `min`. */
  number(row: TableRow, k: number, min = -Infinity): number {
    const text = row.fields[k];
    if (!decimal.test(text)) this.fail(row, k, `expected a number, got ${quote(text)}`);
    const value = Number(text);
    if (!Number.isFinite(value)) this.fail(row, k, `${quote(text.trim())} is out of range`);
    if (value < min) this.fail(row, k, `must be at least ${min}, got ${text.trim()}`);
    return value;
  }

  /** Field `k` as an integer, at least `min`. */
  integer(row: TableRow, k: number, min = 0): number {
    const value = this.number(row, k, min);
    if (!Number.isSafeInteger(value)) this.fail(row, k, `expected a whole number, got ${quote(row.fields[k])}`);
    return value;
  }

  /** Throws a {@link LabFileError} at field `k` of `row`, naming its column. */
  fail(row: TableRow, k: number, reason: string): never {
    throw new LabFileError(this.file, row.line, row.columns[k], `column "${this.header[k]}": ${reason}`);
  }
}

/** A value quoted for a message: at most 40 characters, control characters escaped (a corrupted file may hold anything). */
export function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 37) + "..." : text);
}
