"""Serves the harness's JupyterLab: the frontend jupyter/lab/build.mjs assembled, through
Debian's jupyterlab_server (LabServerApp on jupyter_server 1.x), on 127.0.0.1.

    /usr/bin/python3 jupyter/lab/serve.py --frontend DIR --root DIR [--labextension DIR]...
        [--overrides FILE] [--port N] [--token T] [--expose-app]

Prints one line, the lab's URL with its token, once the server listens (port 0, the default,
is a free port). Everything the server writes (settings, workspaces, runtime files) goes to a
temporary folder removed on exit, and its Jupyter path holds only the given prebuilt
extensions (each linked as labextensions/<its package name>), not the machine's.
"""

import argparse
import json
import os
import secrets
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# No __pycache__ beside the sources (shims.py) in the repository.
sys.dont_write_bytecode = True

# Core plugins the harness leaves off (written to the app settings' page_config.json, JupyterLab's
# own way to disable a plugin), each for a service or an endpoint this JupyterLab lacks.
DISABLED_PLUGINS = [
    # Needs the notebook's tracker; the harness holds no notebook (no kernel either).
    "@jupyterlab/codemirror-extension:commands",
    # Needs the language server protocol's connection manager; no language server here.
    "@jupyterlab/fileeditor-extension:language-server",
    # Asks to fetch Jupyter's news from the internet through /lab/api/news, which jupyterlab_server lacks.
    "@jupyterlab/apputils-extension:announcements",
]


def fail(message):
    """Exits with status 2 and a one-line message, the usage's way."""
    print(f"serve.py: {message}", file=sys.stderr)
    sys.exit(2)


def parse_args(argv):
    """The command line, each folder checked so a wrong one is one clear line."""
    parser = argparse.ArgumentParser(prog="serve.py", description="Serve the harness's JupyterLab.")
    parser.add_argument("--frontend", required=True, help="the folder jupyter/lab/build.mjs printed")
    parser.add_argument("--root", required=True, help="the folder the file browser shows")
    parser.add_argument("--labextension", action="append", default=[], help="a prebuilt extension's folder (repeatable)")
    parser.add_argument("--overrides", help="a settings overrides.json (e.g. defaultViewers)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token", default="")
    parser.add_argument("--expose-app", action="store_true", help="window.jupyterapp for tests")
    args = parser.parse_args(argv)
    for name in ("static", "schemas", "themes"):
        if not os.path.isdir(os.path.join(args.frontend, name)):
            fail(f"--frontend {args.frontend}: no {name}/ folder (run `npm run jupyter:lab:build`)")
    if not os.path.isdir(args.root):
        fail(f"--root {args.root}: not a folder")
    if args.overrides and not os.path.isfile(args.overrides):
        fail(f"--overrides {args.overrides}: not a file")
    return args


def link_extensions(folders, labextensions):
    """Links each prebuilt extension folder as labextensions/<name>, the layout LabServerApp reads."""
    for folder in folders:
        try:
            with open(os.path.join(folder, "package.json"), encoding="utf-8") as file:
                data = json.load(file)
        except (OSError, ValueError) as error:
            fail(f"--labextension {folder}: no readable package.json ({error})")
        if "_build" not in data.get("jupyterlab", {}):
            fail(f"--labextension {folder}: package.json has no jupyterlab._build (not built with build-labextension)")
        target = os.path.join(labextensions, data["name"])
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.symlink(os.path.abspath(folder), target)


def main(argv):
    args = parse_args(argv)
    scratch = tempfile.mkdtemp(prefix="queuebook-jupyterlab-")
    try:
        jupyter_path = os.path.join(scratch, "jupyter")
        labextensions = os.path.join(jupyter_path, "labextensions")
        os.makedirs(labextensions)
        link_extensions(args.labextension, labextensions)
        app_settings = os.path.join(scratch, "app-settings")
        os.makedirs(app_settings)
        with open(os.path.join(app_settings, "page_config.json"), "w", encoding="utf-8") as file:
            json.dump({"disabledExtensions": DISABLED_PLUGINS}, file)
        if args.overrides:
            shutil.copyfile(args.overrides, os.path.join(app_settings, "overrides.json"))
        # jupyter_core reads these when first imported: no config, data or runtime file of the
        # user's or the machine's applies.
        os.environ.update(
            JUPYTER_PATH=jupyter_path,
            JUPYTER_CONFIG_DIR=os.path.join(scratch, "config"),
            JUPYTER_DATA_DIR=os.path.join(scratch, "data"),
            JUPYTER_RUNTIME_DIR=os.path.join(scratch, "runtime"),
            JUPYTER_NO_CONFIG="1",
        )
        serve(args, scratch, app_settings, labextensions)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def serve(args, scratch, app_settings, labextensions):
    """Starts the server and runs until it is stopped (SIGTERM or SIGINT)."""
    from jupyterlab_server import LabServerApp
    from traitlets import Unicode

    from shims import HANDLERS
    from traitlets.config import Config

    class HarnessLab(LabServerApp):
        """JupyterLab's URLs (/lab, /static/lab, /lab/api/...) on our frontend's files."""

        name = "lab"
        app_name = "JupyterLab"
        extension_url = "/lab"
        default_url = "/lab"
        load_other_extensions = False
        app_version = Unicode("4.6.4")

        def initialize_handlers(self):
            super().initialize_handlers()
            self.handlers.extend(HANDLERS)

        def initialize_settings(self):
            super().initialize_settings()
            page_config = self.serverapp.web_app.settings.setdefault("page_config_data", {})
            page_config.update(buildAvailable=False, buildCheck=False, exposeAppInBrowser=args.expose_app)

    # jupyter_server finds an extension by its module: this one is __main__.
    module = sys.modules[__name__]
    module._jupyter_server_extension_points = lambda: [{"module": __name__, "app": HarnessLab}]

    token = args.token or secrets.token_hex(24)
    config = Config()
    config.ServerApp.update(
        ip="127.0.0.1",
        port=args.port,
        port_retries=0,
        token=token,
        open_browser=False,
        root_dir=os.path.abspath(args.root),
        terminals_enabled=False,
        allow_remote_access=False,
        # A test machine or container often runs as root; the server is on loopback with a token.
        allow_root=True,
    )
    config.LabServerApp.update(
        app_version="4.6.4",
        static_dir=os.path.join(args.frontend, "static"),
        schemas_dir=os.path.join(args.frontend, "schemas"),
        themes_dir=os.path.join(args.frontend, "themes"),
        templates_dir=os.path.join(HERE, "templates"),
        app_settings_dir=app_settings,
        user_settings_dir=os.path.join(scratch, "user-settings"),
        workspaces_dir=os.path.join(scratch, "workspaces"),
        labextensions_path=[labextensions],
    )
    server = HarnessLab.initialize_server(argv=[], config=config)
    server.start_app()
    # A test worker killed outright runs no exit handler: the server stops when its parent is gone.
    parent = os.getppid()
    from tornado.ioloop import PeriodicCallback

    PeriodicCallback(lambda: os.getppid() != parent and server.stop(), 1000).start()
    # Port 0 asked the system for a free port: the socket knows which.
    port = next(iter(server.http_server._sockets.values())).getsockname()[1]
    print(f"http://127.0.0.1:{port}/lab?token={token}", flush=True)
    server.start_ioloop()


if __name__ == "__main__":
    main(sys.argv[1:])
