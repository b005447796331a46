// The on-call model's buttons, and its controls and buttons as actions may use them.
import type {ActionVocabulary} from "../kit/actions.js";
import {controlSpecs} from "./controls.js";

/** The on-call model's buttons. */
export const buttonNames = ["rollback", "warmup"] as const;

/** An on-call button. */
export type Button = (typeof buttonNames)[number];

/** True when `name` is an on-call button (for an actions file and a link). */
export function isButton(name: unknown): name is Button {
  return (buttonNames as readonly unknown[]).includes(name);
}

/** The on-call model's controls and buttons. */
export const oncallVocabulary: ActionVocabulary = {controls: controlSpecs, buttons: buttonNames};
