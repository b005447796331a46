// The kit's own words in English: every label, tooltip, notice and key name the page's chrome
// shows around a notebook (the page bar, the edit buttons and editor, the edits bar and its
// review, presentation mode and the presenter window, the chart descriptions). Each other
// language is one file beside this one (hu.ts, pt.ts, ig.ts, ja.ts) of the same keys, which the
// type checker holds to this table; a page loads only its own languages' (tables.ts, text.ts).
// `{name}` is a placeholder the caller fills.

/** The English table; its keys are the kit's string keys. */
export const en = {
  // the page bar and the skip link
  skip: "Skip to content",
  language: "Language",
  "present.button": "Present",
  "present.title": "Present as slides (p)",
  "code.show": "Show code",
  "code.title": "Show each cell's code; with it shown, the ✎ buttons join the Tab order (e edits the focused cell at any time)",

  // edit buttons and the editor
  "edit.tooltip": "Edit (Shift+Enter runs, Esc leaves)",
  "edit.cell": "Edit cell: {line}",
  "edit.thisCell": "Edit this cell",
  "edit.thisText": "Edit this text",
  "edit.unavailable": "Editing is not available: {reason}",
  "edit.close": "Close",
  "editor.code": "Cell code (Shift+Enter runs, Esc leaves)",
  "editor.text": "Text in Markdown (Shift+Enter shows it, Esc leaves)",
  "panel.run": "▶ Run",
  "panel.codeBelow": "+ Code below",
  "panel.textBelow": "+ Text below",
  "panel.deleteCell": "Delete cell",
  "panel.deleteText": "Delete text",
  "panel.newText": "New text.",
  "toast.cellDeleted": "Cell deleted.",
  "toast.textDeleted": "Text deleted.",
  "toast.undo": "Undo",

  // the edits bar and its notices
  "bar.savedTo": "Saved to {name}",
  "bar.browser": "Edited in this browser",
  "bar.jupyter": "Edited in JupyterLab · Ctrl+S saves",
  "bar.download": "Download .md",
  "bar.revert": "Revert",
  "kept.notice": "Edits to this notebook are kept in this browser, not applied.",
  "kept.review": "Review edits",
  "aside.notice":
    "Edits kept in this browser were made to another version of this notebook, so they were set aside, not applied (they are offered again when that version is opened here). ",
  "aside.droppedOne": "This browser keeps edits to {limit} versions of a page: the oldest was dropped. ",
  "aside.droppedMany": "This browser keeps edits to {limit} versions of a page: the oldest {count} were dropped. ",
  "aside.download": "Download them (check before use)",
  "aside.discard": "Discard",

  // the review of kept edits
  "review.title": "Edits kept in this browser",
  "review.intro":
    "This browser's storage holds these changes to {name}. They are not applied yet. Any page opened from this computer's files can write to that storage, so read them first: {what}.",
  "review.runs": "the code below runs in this page if you apply it",
  "review.noCode": "nothing here is code, but the text is shown as written",
  "review.newCell": "New code cell ({lang})",
  "review.newText": "New text",
  "review.cellChanged": "Code cell ({lang}) at line {line}: changed",
  "review.cellRemoved": "Code cell ({lang}) at line {line}: removed",
  "review.textChanged": "Text at line {line}: changed",
  "review.textRemoved": "Text at line {line}: removed",
  "review.apply": "Apply these edits",
  "review.discard": "Discard them",
  "review.download": "Download as .md",
  "review.close": "Close",

  // presentation mode
  "slides.more": "↓ more below: scroll the slide",
  "keys.space": "Space",
  "keys.title": "Presentation keys",
  "keys.next": "next slide (a clicker's PageDown also from a focused slider)",
  "keys.previous": "previous slide",
  "keys.ends": "first, last slide",
  "keys.overview": "overview of all slides (arrows choose, Enter jumps)",
  "keys.presenter": "presenter view: notes, next slide, time (a second window)",
  "keys.blackout": "black screen, and back",
  "keys.fullscreen": "fullscreen",
  "keys.help": "this help",
  "keys.escape": "close the overview or this help; else leave presentation mode",
  "overview.label": "All slides: arrows choose, Enter opens, Esc closes",
  "overview.slide": "Slide {n}",
  "overview.slideTitled": "Slide {n}: {title}",
  "blackout.note": "The audience screen is black: b or . brings the slide back.",
  "presenter.label": "Presenter view",
  "presenter.elapsed": "elapsed",
  "presenter.reset": "Reset timer",
  "presenter.next": "Next",
  "presenter.notes": "Notes",
  "presenter.end": "End of the slides.",
  "presenter.noNotes": "No notes for this slide.",
  "presenter.slide": "Slide {n} / {total}",
  "presenter.black": "the audience screen is black (b)",

  // charts and tables, as a screen reader hears them
  "chart.name": "Chart",
  "chart.range": "{from} to {to}",
  "chart.values": "{count} values",
  "chart.table": "Table of the chart's data",
  "chart.series": "series",
  "table.selectAll": "Select all rows",
  "table.selectRow": "Select row {n}"
} as const;

/** A key of the kit's strings. */
export type UiKey = keyof typeof en;

/** One language's table: every key, each a string. */
export type UiStrings = Record<UiKey, string>;
