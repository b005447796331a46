// The JupyterLab 4 plugin: a document widget factory "queuebook lesson" for Markdown files
// (file browser → Open With → queuebook lesson). A course makes it the default viewer of .md
// files with overrides.json (README, "queuebook in JupyterLab"). The view is lessonView.ts;
// the page inside it is the extension's static lesson.html (built by jupyter/build.ts).
import type {JupyterFrontEnd, JupyterFrontEndPlugin} from "@jupyterlab/application";
import {PageConfig, URLExt} from "@jupyterlab/coreutils";
import {ABCWidgetFactory, DocumentWidget, type DocumentRegistry} from "@jupyterlab/docregistry";
import {LessonView} from "./lessonView.js";

/** The factory's name, as Open With lists it and overrides.json names it. */
export const FACTORY = "queuebook lesson";
/** The extension's package name: its folder under labextensions/ and its static files' URL. */
export const PACKAGE = "queuebook-jupyterlab";

class LessonFactory extends ABCWidgetFactory<DocumentWidget<LessonView>, DocumentRegistry.IModel> {
  constructor(
    options: DocumentRegistry.IWidgetFactoryOptions<DocumentWidget<LessonView>>,
    private readonly app: JupyterFrontEnd
  ) {
    super(options);
  }

  protected createNewWidget(context: DocumentRegistry.Context): DocumentWidget<LessonView> {
    const base = PageConfig.getOption("fullLabextensionsUrl") || URLExt.join(PageConfig.getBaseUrl(), "lab/extensions");
    const frameUrl = URLExt.join(base, PACKAGE, "static", "queuebook", "lesson.html");
    const content = new LessonView(context, {contents: this.app.serviceManager.contents, frameUrl});
    const widget = new DocumentWidget({content, context});
    widget.addClass("qb-jupyter-lesson-widget");
    return widget;
  }
}

const plugin: JupyterFrontEndPlugin<void> = {
  id: `${PACKAGE}:plugin`,
  description: "Opens a queuebook lesson (.md) as a live, editable tab.",
  autoStart: true,
  activate(app: JupyterFrontEnd) {
    const factory = new LessonFactory({name: FACTORY, label: FACTORY, fileTypes: ["markdown"], defaultFor: [], modelName: "text"}, app);
    app.docRegistry.addWidgetFactory(factory);
  }
};

export default plugin;
