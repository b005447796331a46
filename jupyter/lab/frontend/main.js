// The application: the core plugins (plugins.js, generated from jupyter/package.json by
// webpack.config.cjs) and those of the federated extensions bootstrap.js loaded, registered and
// started the way JupyterLab's own dev_mode/index.js does, without a kernel.
import {JupyterLab} from "@jupyterlab/application";
import {JupyterPluginRegistry, PageConfig} from "@jupyterlab/coreutils";
import {IConnectionStatus, IServiceManager} from "@jupyterlab/services";
import "./style.js";
import {extensions, mimeExtensions} from "./plugins.js";

/** A module's plugins: its default export (a plugin or a list), or the CommonJS exports. */
function pluginsOf(module) {
  const exported = Object.prototype.hasOwnProperty.call(module, "__esModule") ? module.default : module;
  return Array.isArray(exported) ? exported : [exported];
}

/** A federated extension's module `name` ("./extension", "./mimeExtension", "./style"). */
async function federatedModule(scope, name) {
  const factory = await window._JUPYTERLAB[scope].get(name);
  return factory();
}

/** Starts JupyterLab with the core plugins and those of `federated` (page config entries whose containers loaded). */
export async function main(federated) {
  const federatedNames = new Set(federated.map(({name}) => name));
  const settle = async (entries) => {
    const results = await Promise.allSettled(entries);
    results.forEach((result) => result.status === "rejected" && console.error(result.reason));
    return results.filter((result) => result.status === "fulfilled").map((result) => result.value);
  };
  // A federated extension of the same name replaces the core one, as in JupyterLab.
  const core = (list) => settle(list.filter(([name]) => !federatedNames.has(name)).map(([, load]) => load()));
  const fromFederated = (key) => settle(federated.filter((data) => data[key]).map((data) => federatedModule(data.name, data[key])));
  const [coreExtensions, coreMime, federatedExtensions, federatedMime] = await Promise.all([
    core(extensions),
    core(mimeExtensions),
    fromFederated("extension"),
    fromFederated("mimeExtension"),
    fromFederated("style")
  ]);

  const isDisabled = (id) => PageConfig.Extension.isDisabled(id);
  const enabled = (modules) => modules.flatMap(pluginsOf).filter((plugin) => !isDisabled(plugin.id));
  const register = enabled([...coreExtensions, ...federatedExtensions]);
  const mime = enabled([...coreMime, ...federatedMime]);

  const pluginRegistry = new JupyterPluginRegistry();
  pluginRegistry.registerPlugins(register);
  const connectionStatus = await pluginRegistry.resolveOptionalService(IConnectionStatus);
  const serviceManager = await pluginRegistry.resolveRequiredService(IServiceManager);
  const lab = new JupyterLab({pluginRegistry, serviceManager, mimeExtensions: mime, connectionStatus});
  await lab.start({bubblingKeydown: true});
  // Tests and the extension's author reach the application here, as JupyterLab's exposeAppInBrowser does.
  if (PageConfig.getOption("exposeAppInBrowser").toLowerCase() === "true") window.jupyterapp = lab;
  return lab;
}
