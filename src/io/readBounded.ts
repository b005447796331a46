// The one bounded reader of a file a user names (an attached file, an actions or scenario file,
// a lab folder's CSV). A name can be anything: a FIFO would block the open or the read, /dev/zero
// never ends, a file can grow while read. So the kind is checked before the open, the open never
// blocks, the kind and size are checked again on the open file, and the read stops one byte past
// the limit. What went wrong comes back as data; each caller words it in its own sentence.
import {closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats} from "node:fs";
import {open, stat} from "node:fs/promises";

/** Why a file was not read: absent, a folder, not a regular file, over the limit, or a system error (its code). */
export type BoundedRefusal =
  | {problem: "missing"; code: string}
  | {problem: "folder"; stats: Stats}
  | {problem: "not-regular"; stats: Stats}
  | {problem: "too-large"; size: number; grew: boolean}
  | {problem: "unreadable"; code: string; opening: boolean};

/** The bytes of a regular file of at most `maxBytes`, or why not. */
export type BoundedRead = {bytes: Buffer; problem?: undefined} | BoundedRefusal;

// O_NONBLOCK (absent on Windows): opening a FIFO or a device must not wait; it is refused by kind.
const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The bytes of `path` if it is a regular file of at most `maxBytes` (links followed); never blocks on a pipe, never reads past the limit. */
export async function readBounded(path: string, maxBytes: number): Promise<BoundedRead> {
  let kind: BoundedRefusal | undefined;
  try {
    kind = refusedKind(await stat(path), maxBytes);
  } catch (error) {
    return failed(error, true);
  }
  if (kind) return kind;
  let handle;
  try {
    handle = await open(path, flags);
  } catch (error) {
    return failed(error, true);
  }
  try {
    const stats = await handle.stat();
    const again = refusedKind(stats, maxBytes);
    if (again) return again;
    const reading = new Reading(stats.size, maxBytes);
    while (reading.open) reading.took((await handle.read(reading.buffer, reading.length, reading.room, reading.length)).bytesRead);
    return reading.result();
  } catch (error) {
    return failed(error, false);
  } finally {
    await handle.close();
  }
}

/** {@link readBounded} for synchronous callers (the CLI's argument checks, the lab's folder reader). */
export function readBoundedSync(path: string, maxBytes: number): BoundedRead {
  let fd: number;
  try {
    const kind = refusedKind(statSync(path), maxBytes);
    if (kind) return kind;
    fd = openSync(path, flags);
  } catch (error) {
    return failed(error, true);
  }
  try {
    const stats = fstatSync(fd);
    const again = refusedKind(stats, maxBytes);
    if (again) return again;
    const reading = new Reading(stats.size, maxBytes);
    while (reading.open) reading.took(readSync(fd, reading.buffer, reading.length, reading.room, reading.length));
    return reading.result();
  } catch (error) {
    return failed(error, false);
  } finally {
    closeSync(fd);
  }
}

function refusedKind(stats: Stats, maxBytes: number): BoundedRefusal | undefined {
  if (stats.isDirectory()) return {problem: "folder", stats};
  if (!stats.isFile()) return {problem: "not-regular", stats};
  if (stats.size > maxBytes) return {problem: "too-large", size: stats.size, grew: false};
  return undefined;
}

/**
 * A read in progress: the buffer starts at the size stat reported plus one byte (so the end is
 * seen without a second allocation) and grows only for a file that is longer than it said (one
 * growing, or in /proc), never past one byte over the limit: that byte means "too large".
 */
class Reading {
  buffer: Buffer;
  length = 0;
  open = true;
  constructor(
    size: number,
    private readonly maxBytes: number
  ) {
    this.buffer = Buffer.alloc(Math.min(size, maxBytes) + 1);
  }
  /** Free space left in the buffer. */
  get room(): number {
    return this.buffer.length - this.length;
  }
  /** Counts `bytesRead`; ends at the end of the file or past the limit, grows a full buffer otherwise. */
  took(bytesRead: number): void {
    this.length += bytesRead;
    if (bytesRead === 0 || this.length > this.maxBytes) this.open = false;
    else if (this.room === 0)
      this.buffer = Buffer.concat([this.buffer, Buffer.alloc(Math.min(this.buffer.length, this.maxBytes + 1 - this.buffer.length))]);
  }
  /** The bytes, or "too large" when the file grew past the limit while it was read. */
  result(): BoundedRead {
    if (this.length > this.maxBytes) return {problem: "too-large", size: this.length, grew: true};
    return {bytes: this.buffer.subarray(0, this.length)};
  }
}

function failed(error: unknown, opening: boolean): BoundedRefusal {
  const code = (error as NodeJS.ErrnoException).code ?? "error";
  if (opening && (code === "ENOENT" || code === "ENOTDIR")) return {problem: "missing", code};
  return {problem: "unreadable", code, opening};
}
