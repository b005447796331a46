// The models by name and the scenarios that ship, and the check that turns any JSON into a
// scenario record (`queuebook sim --scenario my.json`), one short message per problem.
import {checkControlIn} from "./kit/controls.js";
import {checkEvents} from "./kit/events.js";
import type {SimModel} from "./kit/model.js";
import {oncallModel} from "./oncall/model.js";
import {retryModel, retryStorm} from "./retry/model.js";
import {badDeploy, cacheFlush, free, surge} from "./oncall/scenarios.js";
import type {Scenario} from "./kit/scenario.js";
import {cutText, showValue} from "./kit/show.js";
import type {TextbookStep} from "./kit/textbook.js";

/** The models a scenario may name (`model`), by name: the shipped ones. */
export const models: Readonly<Record<string, SimModel>> = Object.freeze({oncall: oncallModel, retry: retryModel});

/** Lessons' own models, added by registerModel. */
const registered = new Map<string, SimModel>();

/**
 * Adds a lesson's model to those a scenario may name: one line in the lesson's module
 * (`registerModel(poolModel)`), after which links, the debrief, the views and checkScenario
 * accept its scenarios. A RangeError for a name already taken by another model.
 */
export function registerModel(model: SimModel): void {
  const taken = Object.hasOwn(models, model.name) ? models[model.name] : registered.get(model.name);
  if (taken && taken !== model) throw new RangeError(`a model named "${cutText(model.name)}" is already registered`);
  registered.set(model.name, model);
}

/** The scenarios that ship: the on-call page's four, then the lessons' own. */
export const catalog: readonly Scenario[] = Object.freeze([free, badDeploy, surge, cacheFlush, retryStorm]);

/** A shipped scenario by name, or undefined. */
export function findScenario(name: string): Scenario | undefined {
  return catalog.find((s) => s.name === name);
}

/** The model that runs `scenario`; a RangeError when it names none. */
export function modelOf(scenario: Pick<Scenario, "model">): SimModel {
  const name = scenario.model ?? "oncall";
  if (Object.hasOwn(models, name)) return models[name];
  const model = registered.get(name);
  if (!model)
    throw new RangeError(`unknown model "${cutText(name)}" (models: ${[...Object.keys(models), ...registered.keys()].join(", ")})`);
  return model;
}

/** The outcome of checking a scenario: the record, or every problem found. */
export type ScenarioCheck = {ok: true; scenario: Scenario} | {ok: false; errors: string[]};

const NAME = /^[a-z][a-z0-9-]{0,39}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const fields = [
  "name",
  "model",
  "title",
  "startClock",
  "baseRate",
  "budgetLeft",
  "warm",
  "controls",
  "events",
  "textbook",
  "offers",
  "strings",
  "page"
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Problems of one number field: present (unless optional), finite and within [min, max]. */
function checkNumber(json: Record<string, unknown>, name: string, min: number, max: number, optional = false): string[] {
  const value = json[name];
  if (value === undefined && optional) return [];
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max)
    return [`${name} must be a number from ${min} to ${max}, got ${showValue(value)}`];
  return [];
}

/** Problems of a controls object: only the model's controls, each valid. */
function checkSettings(value: unknown, model: SimModel, at: string): string[] {
  if (!isRecord(value)) return [`${at} must be an object of controls, got ${showValue(value)}`];
  return Object.entries(value).flatMap(([name, v]) => {
    const problem = checkControlIn(model.controls, name, v);
    return problem ? [`${at}: ${problem}`] : [];
  });
}

/** Problems of the textbook steps. */
function checkTextbook(value: unknown, model: SimModel): string[] {
  if (!Array.isArray(value)) return [`textbook must be a list of steps, got ${showValue(value)}`];
  return value.flatMap((step, i) => {
    const at = `textbook step ${i}`;
    if (!isRecord(step) || !isRecord(step.at)) return [`${at} must be an object with "at"`];
    const errors: string[] = [];
    const when = step.at;
    if ("minute" in when) {
      if (!Number.isInteger(when.minute) || (when.minute as number) < 0) errors.push(`${at}: minute must be a whole minute`);
    } else if ("event" in when) {
      if (typeof when.event !== "string" || !Object.hasOwn(model.eventKinds, when.event))
        errors.push(`${at}: unknown event ${showValue(when.event)}`);
      if (when.offset !== undefined && !Number.isInteger(when.offset)) errors.push(`${at}: offset must be whole minutes`);
      if (when.lessControl !== undefined && (typeof when.lessControl !== "string" || !Object.hasOwn(model.controls, when.lessControl)))
        errors.push(`${at}: unknown control ${showValue(when.lessControl)}`);
      if (when.edge !== undefined && when.edge !== "start" && when.edge !== "end") errors.push(`${at}: edge must be "start" or "end"`);
      if (
        when.edge === "end" &&
        typeof when.event === "string" &&
        Object.hasOwn(model.eventKinds, when.event) &&
        !model.eventKinds[when.event].ends
      )
        errors.push(`${at}: a ${when.event} has no end in the ${model.name} model`);
    } else if ("first" in when) {
      if (typeof when.first !== "string") errors.push(`${at}: first must name a metric`);
      if (when.atLeast !== undefined && (typeof when.atLeast !== "number" || !Number.isFinite(when.atLeast)))
        errors.push(`${at}: atLeast must be a number`);
      if (when.in !== undefined && when.in !== "metrics" && when.in !== "details") errors.push(`${at}: in must be "metrics" or "details"`);
      if (when.after !== undefined && (typeof when.after !== "string" || !Object.hasOwn(model.eventKinds, when.after)))
        errors.push(`${at}: unknown event ${showValue(when.after)}`);
    } else errors.push(`${at}: at must hold minute, event or first`);
    if ((step.set === undefined) === (step.press === undefined)) errors.push(`${at} must have exactly one of "set" or "press"`);
    if (step.set !== undefined) errors.push(...checkSettings(step.set, model, at));
    if (step.press !== undefined && !model.buttons.includes(step.press as string))
      errors.push(`${at}: unknown button ${showValue(step.press)}`);
    return errors;
  });
}

/** Problems of `offers`: known controls and buttons of the model. */
function checkOffers(value: unknown, model: SimModel): string[] {
  if (!isRecord(value) || !Array.isArray(value.controls) || !Array.isArray(value.buttons))
    return [`offers must be {"controls": [...], "buttons": [...]}`];
  return [
    ...value.controls
      .filter((c) => typeof c !== "string" || !Object.hasOwn(model.controls, c))
      .map((c) => `offers: unknown control ${showValue(c)}`),
    ...value.buttons.filter((b) => !model.buttons.includes(b as string)).map((b) => `offers: unknown button ${showValue(b)}`)
  ];
}

/** Problems of `strings`: by language code, each {title, brief} as text. */
function checkStrings(value: unknown): string[] {
  if (!isRecord(value)) return [`strings must be an object by language code`];
  return Object.entries(value).flatMap(([lang, table]) => {
    if (!/^[a-z]{2,3}$/.test(lang)) return [`strings: ${showValue(lang)} is not a language code`];
    if (!isRecord(table) || typeof table.title !== "string" || typeof table.brief !== "string")
      return [`strings.${lang} must be {"title": "…", "brief": "…"}`];
    return [];
  });
}

/**
 * Checks parsed JSON as a scenario record: known fields only; a link-safe name; a known model;
 * every one of the model's controls, each valid; events of the model's kinds; the textbook's
 * steps, offers and strings. Returns the record or every problem (messages quote little).
 */
export function checkScenario(json: unknown): ScenarioCheck {
  if (!isRecord(json)) return {ok: false, errors: [`a scenario must be a JSON object, got ${showValue(json)}`]};
  const errors: string[] = [];
  for (const key of Object.keys(json))
    if (!fields.includes(key)) errors.push(`unknown field ${showValue(key)} (fields: ${fields.join(", ")})`);
  if (typeof json.name !== "string" || !NAME.test(json.name))
    errors.push(`name must be lowercase letters, digits and dashes, starting with a letter (at most 40), got ${showValue(json.name)}`);
  let model: SimModel | null = null;
  try {
    if (json.model !== undefined && typeof json.model !== "string")
      throw new RangeError(`model must be a name, got ${showValue(json.model)}`);
    model = modelOf(json as Pick<Scenario, "model">);
  } catch (error) {
    errors.push((error as Error).message);
  }
  if (typeof json.title !== "string" || json.title.length > 200) errors.push(`title must be text of at most 200 characters`);
  if (typeof json.startClock !== "string" || !CLOCK.test(json.startClock))
    errors.push(`startClock must be "HH:MM", got ${showValue(json.startClock)}`);
  errors.push(
    ...checkNumber(json, "baseRate", 1, 1_000_000),
    ...checkNumber(json, "budgetLeft", 0, 1),
    ...checkNumber(json, "warm", 0, 1, true)
  );
  if (model) {
    errors.push(...checkSettings(json.controls, model, "controls"));
    if (isRecord(json.controls))
      for (const name of Object.keys(model.controls))
        if (!(name in json.controls))
          errors.push(`controls: ${name} is missing (every control of the ${model.name} model starts somewhere)`);
    errors.push(...checkEvents(json.events, model.eventKinds));
    errors.push(...checkTextbook(json.textbook, model));
    if (json.offers !== undefined) errors.push(...checkOffers(json.offers, model));
  }
  if (json.strings !== undefined) errors.push(...checkStrings(json.strings));
  if (json.page !== undefined && (typeof json.page !== "string" || !/^[a-z0-9][a-z0-9-]{0,60}\.html$/.test(json.page)))
    errors.push(`page must be a notebook page's name like "my-lesson.html", got ${showValue(json.page)}`);
  if (errors.length) return {ok: false, errors};
  return {ok: true, scenario: json as unknown as Scenario};
}

/** The controls a scenario lets the learner change, in order (all the model's when it names none). */
export function offeredControls(scenario: Scenario): readonly string[] {
  return scenario.offers?.controls ?? Object.keys(modelOf(scenario).controls);
}

/** The buttons a scenario offers (all the model's when it names none). */
export function offeredButtons(scenario: Scenario): readonly string[] {
  return scenario.offers?.buttons ?? modelOf(scenario).buttons;
}

export type {TextbookStep};
