// The frontend's entry. Webpack's module federation picks one version of each shared module
// across the frontend and every federated extension, so each extension's remoteEntry must be
// loaded and its container initialised with the share scope before any shared module runs:
// this file imports nothing statically and loads the application (main.js) last.

/** The page config the server put into the page (jupyterlab_server's index.html template). */
const config = JSON.parse(document.getElementById("jupyter-config-data")?.textContent || "{}");

// Chunks load from the server's static URL, known only at run time.
// eslint-disable-next-line no-undef
__webpack_public_path__ = `${config.fullStaticUrl}/`;

/** Resolves when the script at `url` has run. */
function loadScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.onload = resolve;
    script.onerror = () => reject(new Error(`could not load ${url}`));
    script.async = true;
    script.src = url;
    document.head.append(script);
  });
}

/** Loads one federated extension's container and joins it to the default share scope. */
async function loadContainer({name, load}) {
  await loadScript(`${config.fullLabextensionsUrl}/${name}/${load}`);
  // eslint-disable-next-line no-undef
  await __webpack_init_sharing__("default");
  const container = window._JUPYTERLAB?.[name];
  if (!container) throw new Error(`${name}: its remoteEntry defined no container _JUPYTERLAB[${JSON.stringify(name)}]`);
  // eslint-disable-next-line no-undef
  await container.init(__webpack_share_scopes__.default);
}

void (async () => {
  const federated = config.federated_extensions ?? [];
  const loaded = await Promise.allSettled(federated.map(loadContainer));
  loaded.forEach((result) => result.status === "rejected" && console.error(result.reason));
  const {main} = await import("./main.js");
  await main(federated.filter((_, i) => loaded[i].status === "fulfilled"));
})();
