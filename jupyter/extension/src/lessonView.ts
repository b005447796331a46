// A queuebook lesson as a JupyterLab document view: the lesson runs in a sandboxed iframe
// (scripts only: no same origin, so it cannot read Jupyter's cookies or XSRF token, call
// Jupyter's API, or reach another tab), and this view is its only way out. It answers the
// frame's messages (src/client/jupyter/protocol.ts) for its own document alone: the lesson's
// text, the lesson's edits into the document's model (refused when made to a version the model
// no longer has), Ctrl+S as the document's save, and files read relative to the lesson.
import type {DocumentRegistry} from "@jupyterlab/docregistry";
import type {Contents} from "@jupyterlab/services";
import {Widget} from "@lumino/widgets";
import type {Message} from "@lumino/messaging";
import {PROTOCOL, frameMessage, type FrameMessage, type HostMessage} from "../../../src/client/jupyter/protocol.js";
import {sourceHash} from "../../../src/notebook/sourceContract.js";
import {folderListing, readLessonFile, type Listing} from "./files.js";

/** What a lesson view needs from JupyterLab besides its document: the contents API and where the frame's page is. */
export interface LessonOptions {
  contents: Contents.IManager;
  /** The URL of the extension's lesson.html (under Jupyter's labextensions URL). */
  frameUrl: string;
}

/** How long the view waits after a change made elsewhere before it sends the document (typing in a text editor beside it). */
const settleMs = 250;

/** The lesson's own text the tab is showing (a hash is what an edit names). */
export class LessonView extends Widget {
  readonly frame: HTMLIFrameElement;
  private applying = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private opened = false;
  /** Folder listings for the lesson's reads: asked once per folder for the files one render reads together (a second). */
  private readonly listing: Listing;
  private listedAt = 0;

  constructor(
    private readonly context: DocumentRegistry.Context,
    private readonly options: LessonOptions
  ) {
    super();
    this.addClass("qb-jupyter-lesson");
    this.title.label = context.localPath.split("/").pop() ?? context.path;
    const frame = (this.frame = document.createElement("iframe"));
    // allow-scripts without allow-same-origin: an opaque origin (see the header)
    frame.setAttribute("sandbox", "allow-scripts allow-downloads allow-popups allow-modals allow-forms");
    frame.setAttribute("allow", "fullscreen; clipboard-write");
    frame.setAttribute("allowfullscreen", "");
    frame.title = `queuebook lesson: ${this.title.label}`;
    frame.style.cssText = "border:0;width:100%;height:100%;display:block;background:#fff";
    frame.src = options.frameUrl;
    this.listing = folderListing(
      options.contents,
      () => performance.now() - this.listedAt < 1000 || ((this.listedAt = performance.now()), false)
    );
    this.node.style.overflow = "hidden";
    this.node.append(frame);
    window.addEventListener("message", this.onMessage);
    context.model.contentChanged.connect(this.onContentChanged, this);
  }

  /** Sends a message to this view's frame (its origin is opaque: "*", to that window alone). */
  private post(message: HostMessage): void {
    this.frame.contentWindow?.postMessage(message, "*");
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (!this.frame.contentWindow || event.source !== this.frame.contentWindow) return; // this view's frame only
    const message = frameMessage(event.data);
    if (message) void this.handle(message);
  };

  private async handle(message: FrameMessage): Promise<void> {
    const {context} = this;
    switch (message.type) {
      case "ready":
        await context.ready;
        if (this.isDisposed) return;
        this.opened = true;
        this.post({qb: PROTOCOL, type: "open", path: context.localPath, text: context.model.toString()});
        return;
      case "edited": {
        const now = context.model.toString();
        if (sourceHash(now) !== message.expected) {
          const name = context.localPath.split("/").pop();
          this.post({
            qb: PROTOCOL,
            type: "kept",
            id: message.id,
            ok: false,
            message: `not kept: ${name} changed in JupyterLab since the lesson showed it; your text is still in the editor (copy it: the lesson now shows the document as it is)`
          });
          this.sendSource(); // (in case the change is still settling)
          return;
        }
        this.applying = true;
        try {
          context.model.fromString(message.text);
          context.model.dirty = true; // (JupyterLab's editors mark it themselves: the tab shows it unsaved)
        } finally {
          this.applying = false;
        }
        this.post({qb: PROTOCOL, type: "kept", id: message.id, ok: true, hash: sourceHash(context.model.toString())});
        return;
      }
      case "save":
        await context.save().catch(() => {}); // (JupyterLab shows its own dialog when a save fails or conflicts)
        return;
      case "read": {
        const answer = await readLessonFile(this.options.contents, context.path, message.name, undefined, this.listing);
        if (!this.isDisposed) this.post({qb: PROTOCOL, type: "file", id: message.id, ...answer});
        return;
      }
    }
  }

  /** The document changed: by another view, File → Revert or a reload from disk (not this lesson's own edit). */
  private onContentChanged(): void {
    if (this.applying || !this.opened) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.sendSource(), settleMs);
  }

  private sendSource(): void {
    clearTimeout(this.timer);
    if (!this.isDisposed) this.post({qb: PROTOCOL, type: "source", text: this.context.model.toString()});
  }

  protected onActivateRequest(_msg: Message): void {
    this.frame.focus();
  }

  dispose(): void {
    if (this.isDisposed) return;
    clearTimeout(this.timer);
    window.removeEventListener("message", this.onMessage);
    this.context.model.contentChanged.disconnect(this.onContentChanged, this);
    super.dispose();
  }
}
