// The files cells and project modules attach, in a site build: written once into the site's
// _queuebook/ folder instead of into every page that attaches them or imports the module (a
// project whose utility module attaches its 25 input files carried all 25 in each of its 21
// pages), and loaded when a cell first reads one, not with the page. For each file, a classic
// script that hands its data to queuebook.provide when a cell first reads it (a script loads
// from file://, fetch does not), and the file's bytes as themselves, under its own name, for
// FileAttachment's href. The keys and names were made by the build (a hash; a file's own name
// inside the notebook folder), and the folder is the build's own temporary one.
import {mkdir, writeFile} from "node:fs/promises";
import {join} from "node:path";
import type {SharedFile} from "../notebook/buildCache.js";
import {sharedFileProvides, sharedFileScript} from "../notebook/contract.js";
import {jsonExpression, stringLiteral} from "../notebook/embed.js";

/** Writes each shared file's script and bytes under `assets` (the site's _queuebook/ folder). */
export async function writeSharedFiles(assets: string, files: ReadonlyMap<string, SharedFile>): Promise<void> {
  for (const [key, file] of files) {
    const script = join(assets, `${sharedFileScript(key)}.js`);
    await mkdir(join(assets, sharedFileScript(key)), {recursive: true});
    await writeFile(script, `queuebook.provide({${stringLiteral(sharedFileProvides(key))}: ${jsonExpression(file.data)}});\n`);
    for (const name of file.names) await writeFile(join(assets, sharedFileScript(key), name), file.bytes);
  }
}
