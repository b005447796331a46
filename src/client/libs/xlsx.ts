// xlsx.js: FileAttachment(…).xlsx() with ExcelJS, as Framework's Workbook: `sheetNames`, and
// `sheet(name or index, {range: "A1:C10", headers})` → rows keyed by column letter (or by the
// header row's values), each with its 1-based row number as the non-enumerable "#".
import ExcelJS from "exceljs/dist/exceljs.min.js";
import {pageApi} from "../pageApi.js";

/** A spreadsheet opened from its bytes. */
export class Workbook {
  declare readonly sheetNames: string[];
  declare private readonly book: any;
  constructor(book: any) {
    Object.defineProperty(this, "book", {value: book});
    Object.defineProperty(this, "sheetNames", {value: book.worksheets.map((s: any) => s.name), enumerable: true});
  }
  /** Opens the workbook in `buffer`. */
  static async load(buffer: ArrayBuffer): Promise<Workbook> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer);
    return new Workbook(book);
  }
  /** The rows of a sheet (by name or index) within `range`, keyed by column letters or, with `headers`, by the first row. */
  sheet(name: string | number, {range, headers = false}: {range?: string; headers?: boolean} = {}): any[] {
    const sheetName = typeof name === "number" ? this.sheetNames[name] : this.sheetNames.includes(String(name)) ? String(name) : undefined;
    if (sheetName === undefined) throw new Error(`Sheet not found: ${name}`);
    return rowsOf(this.book.getWorksheet(sheetName), range, headers);
  }
}

function rowsOf(sheet: any, range: string | undefined, headers: boolean): any[] {
  let {c0, r0, c1, r1} = bounds(range, sheet.columnCount, sheet.rowCount);
  const names: string[] = [];
  const taken = new Set(["#"]);
  const headerRow = headers ? sheet.getRow(++r0) : undefined; // bounds are 0-based: the header is row r0 + 1
  for (let c = c0; c <= c1; c++) {
    let name = (headerRow && String(cellValue(headerRow.findCell(c + 1)) ?? "")) || columnName(c);
    while (taken.has(name)) name += "_";
    taken.add(name);
    names[c] = name;
  }
  const rows: any[] = [];
  for (let r = r0; r <= r1; r++) {
    const row = Object.create(null, {"#": {value: r + 1}});
    const source = sheet.getRow(r + 1);
    if (source.hasValues) {
      for (let c = c0; c <= c1; c++) {
        const value = cellValue(source.findCell(c + 1));
        if (value != null) row[names[c]] = value;
      }
    }
    rows.push(row);
  }
  Object.assign(rows, {columns: names.filter((n) => n !== undefined)});
  return rows;
}

/** A cell's value as a reader wants it: a formula's result, rich text as plain text, a link as "url text". */
function cellValue(cell: any): unknown {
  const value = cell?.value;
  if (!value || typeof value !== "object" || value instanceof Date) return value ?? undefined;
  if ("formula" in value || "sharedFormula" in value) return value.result?.error ? NaN : value.result;
  if (value.richText) return plain(value);
  if (value.text !== undefined) {
    const text = value.text.richText ? plain(value.text) : value.text;
    return value.hyperlink && value.hyperlink !== text ? `${value.hyperlink} ${text}` : text;
  }
  return value;
}

function plain(value: {richText: {text: string}[]}): string {
  return value.richText.map((part) => part.text).join("");
}

/** "B2:D" → 0-based column and row bounds; open ends reach the sheet's edges. */
function bounds(range = ":", columns: number, rows: number): {c0: number; r0: number; c1: number; r1: number} {
  const match = /^([A-Z]*)(\d*):([A-Z]*)(\d*)$/.exec(String(range));
  if (!match) throw new Error("Malformed range specifier");
  const column = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return {
    c0: match[1] ? column(match[1]) : 0,
    r0: match[2] ? +match[2] - 1 : 0,
    c1: match[3] ? column(match[3]) : columns - 1,
    r1: match[4] ? +match[4] - 1 : rows - 1
  };
}

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnName(c: number): string {
  let name = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

pageApi().provide({xlsx: {Workbook, load: Workbook.load}});
