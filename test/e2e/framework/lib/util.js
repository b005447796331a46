// A project module using Framework's stdlib: FileAttachment names are relative to this module.
import {FileAttachment, Generators} from "observablehq:stdlib";

export function loadServers() {
  return FileAttachment("../data/servers.csv").csv({typed: true});
}

export function loadNote() {
  return FileAttachment("./note.txt").text();
}

export function noteHref() {
  return FileAttachment("./note.txt").href;
}

export const hasGenerators = typeof Generators.observe === "function";
