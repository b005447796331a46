// jupyter/core/package.json (what build-labextension compiles an extension's shared scope from)
// against jupyter/package-lock.json (what the harness's JupyterLab provides): an extension built
// with it asks for versions the frontend has, and each singleton exists once.
import {readFileSync} from "node:fs";
import semver from "semver";
import {describe, expect, it} from "vitest";

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../jupyter/${path}`, import.meta.url), "utf8"));
const core = read("core/package.json");
const manifest = read("package.json");
const lock = read("package-lock.json");

/** Every installed copy's version by package name, from the lockfile's node_modules paths. */
const installed = new Map<string, string[]>();
for (const [path, entry] of Object.entries<{version?: string}>(lock.packages)) {
  if (!path || !entry.version) continue;
  const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
  installed.set(name, [...(installed.get(name) ?? []), entry.version]);
}

describe("jupyter/core/package.json", () => {
  it("is JupyterLab 4.6.4's metadata with a singleton list", () => {
    expect(core.jupyterlab.version).toBe("4.6.4");
    expect(core.jupyterlab.singletonPackages).toContain("@jupyterlab/application");
    expect(core.resolutions["@jupyterlab/application"]).toBe("~4.6.4");
  });

  it("resolutions: every installed package's version satisfies its core range", () => {
    const unmet = Object.entries<string>(core.resolutions).flatMap(([name, range]) =>
      (installed.get(name) ?? [])
        .filter((version) => !semver.satisfies(version, range, {includePrerelease: true}))
        .map((version) => `${name}@${version} ∉ ${range}`)
    );
    expect(unmet).toEqual([]);
  });

  it("singletonPackages: each installed once", () => {
    const copies = core.jupyterlab.singletonPackages.filter((name: string) => (installed.get(name)?.length ?? 0) > 1);
    expect(copies).toEqual([]);
  });

  it("covers every @jupyterlab/* and @lumino/* package jupyter/package.json depends on", () => {
    const shared = new Set([...Object.keys(core.resolutions), ...Object.keys(core.dependencies)]);
    const missing = Object.keys(manifest.dependencies).filter((name) => /^@(jupyterlab|lumino)\//.test(name) && !shared.has(name));
    expect(missing).toEqual([]);
  });
});
