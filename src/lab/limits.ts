// The size limit of one lab file, shared by the CLI's folder reader and the notebook's upload so
// both refuse the same files with the same sentence. Pure: no node: imports.

/** The largest lab file read: a million server records are about 50 MB. */
export const maxLabFileBytes = 256 * 1024 * 1024;

/** The one line that refuses `name` for its size (`bytes`) before anything of it is read. */
export function oversizeMessage(name: string, bytes: number, maxBytes = maxLabFileBytes): string {
  return `${name}: ${bytes} bytes, more than the ${maxBytes} a lab file may have`;
}
