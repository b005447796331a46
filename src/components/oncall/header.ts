// The sticky bar at the top of the page: the clock and minute (always visible), play/pause,
// one-minute step, the speeds, the toggle for stopping at events (×10, ×60) and the note of the
// event it stopped at, a slider to go to any minute, and the fast-burn alert banner (which says
// when burn (1 h) fell back below 14.4×). At the day's last minute Play and the step cannot act:
// they say so (aria-disabled, so a focused button keeps its focus) and the bar offers the debrief.
// What happens without the learner asking (a stop at an event, the end of the day) is also said
// once through the page's one live region (announce.ts). On a phone the bar is one compact row:
// the words beside the clock, burn and buttons are read, not shown, and the stop toggle and the
// slider wait behind "⋯".
import type {Translate} from "../i18n.js";
import {announcer} from "./announce.js";
import {h, setAttr, setText} from "./dom.js";
import type {UnitFormat} from "./format.js";
import {speeds, type Player, type PlayerState} from "./player.js";
import {DAY_MINUTES, sloOf} from "./session.js";
import type {Frame, Store} from "./store.js";
import {ensureStyle} from "./style.js";

/** The bar's element and its updates. */
export interface HeaderView {
  node: HTMLElement;
  update(frame: Frame): void;
  updatePlayer(state: PlayerState): void;
}

/** The player bar in language `t`, driving `player` and `store`. */
export function headerView(t: Translate, format: UnitFormat, store: Store, player: Player): HeaderView {
  ensureStyle();
  const clock = h("span", {class: "oc-clock", "data-metric": "clock"});
  const minuteValue = h("span", {"data-metric": "minute"});
  // "minute 12", "12. perc": the number goes where the language puts {n}.
  const [before, after = ""] = t("player.minuteOf").split("{n}");
  const minute = h("span", {class: "oc-minute"}, before, minuteValue, after);
  // The headline metric stays in view with the clock (the dashboard's element carries data-metric).
  const burnValue = h("strong", {});
  // The headline metric is the model's burn rate (its SLO's field), if it has one.
  const burnField = sloOf(store.frame().scenario)?.burn ?? "burn1h";
  const burn = h("span", {class: "oc-burn"}, h("span", {class: "oc-wide"}, `${t(`metric.${burnField}`)} `), burnValue);
  const say = announcer();
  // A button's words, after its sign (`shown`: always, else on a phone only, in the words' place);
  // on a phone the words are read, not shown, and still name the button.
  const labelled = (sign: string, words: string, shown = true) => [
    h("span", {class: shown ? "oc-sign" : "oc-sign oc-narrow", "aria-hidden": "true"}, sign),
    h("span", {class: "oc-wide"}, words)
  ];
  const lastMinute = () => store.frame().minute >= DAY_MINUTES - 1;
  const play = h("button", {type: "button", class: "oc-play", "data-action": "play"});
  play.addEventListener("click", () => {
    if (!lastMinute() || player.state().playing) player.toggle();
  });
  const step = h("button", {type: "button", "data-action": "step"}, ...labelled("+1", t("player.step"), false));
  step.addEventListener("click", () => {
    if (!lastMinute()) player.step();
  });
  const speedButtons = speeds.map((speed) => {
    const button = h("button", {type: "button", "data-speed": speed, title: `×${speed} ${t("player.speedHelp")}`}, `×${speed}`);
    button.addEventListener("click", () => player.setSpeed(speed));
    return button;
  });
  const scrub = h("input", {type: "range", min: 0, max: DAY_MINUTES - 1, step: 1, value: 0, "aria-label": t("player.time")});
  scrub.addEventListener("input", () => {
    player.pause();
    store.setMinute(Number(scrub.value));
  });
  const alert = h("div", {class: "oc-alert", role: "alert", hidden: true});
  // Stopping at events: a learner's setting of the player, not of the run (the link keeps none).
  const pauseToggle = h("input", {type: "checkbox", "data-action": "pause-on-events", checked: true});
  pauseToggle.addEventListener("change", () => player.setPauseOnEvents(pauseToggle.checked));
  const pauseNote = h("p", {class: "oc-pause-note", "data-pause": "", hidden: true});
  // The day's end: said, and the debrief offered (when the page shows one).
  const toDebrief = h("button", {type: "button", "data-action": "to-debrief"}, t("player.toDebrief"));
  toDebrief.addEventListener("click", () => {
    const debrief = document.querySelector<HTMLElement>(".oc-debrief-box");
    if (!debrief) return;
    if (!debrief.hasAttribute("tabindex")) debrief.setAttribute("tabindex", "-1");
    debrief.scrollIntoView({block: "start"});
    debrief.focus({preventScroll: true});
  });
  const endNote = h(
    "p",
    {class: "oc-end-note", "data-end": "", hidden: true},
    h("span", {}, h("strong", {}, t("player.end")), ". ", t("player.endHelp")),
    " ",
    toDebrief
  );
  const more = h(
    "button",
    {
      type: "button",
      class: "oc-more-button",
      "data-action": "more",
      "aria-expanded": "false",
      title: t("player.more"),
      "aria-label": t("player.more")
    },
    "⋯"
  );
  const node = h(
    "div",
    {class: "oc-bar"},
    h("div", {class: "oc-time"}, clock, minute, burn),
    // (the player works only live: left out of the no-script snapshot and off paper)
    h(
      "div",
      {class: "oc-buttons", "data-qb-live-only": ""},
      play,
      step,
      h("span", {class: "oc-help"}, t("player.speed")),
      ...speedButtons,
      more
    ),
    h("label", {class: "oc-pause-toggle oc-more", "data-qb-live-only": ""}, pauseToggle, t("player.pauseOnEvents")),
    h("label", {class: "oc-scrub oc-more"}, scrub),
    pauseNote,
    endNote,
    alert
  );
  more.addEventListener("click", () => {
    const open = !node.classList.contains("oc-open");
    node.classList.toggle("oc-open", open);
    setAttr(more, "aria-expanded", String(open));
  });
  // What was last said, so each stop and the day's end are said once.
  let said = "";
  let shownMinute: number | null = null;

  return {
    node,
    update(frame) {
      const {metrics} = frame;
      setText(clock, metrics.clock);
      setAttr(clock, "data-value", metrics.clock);
      setText(minuteValue, format(frame.minute, 0));
      // The burn rate of the model's SLO, if it has one (a lesson without an SLO shows none).
      const slo = sloOf(frame.scenario);
      burn.hidden = !slo;
      if (slo) {
        const value = Number((metrics as unknown as Record<string, number>)[slo.burn]);
        setText(burnValue, format(value, 1, "×"));
        burn.classList.toggle("oc-fast", value >= slo.threshold);
      }
      setAttr(minuteValue, "data-value", String(frame.minute));
      // The last minute: nothing left to play or step; the day's end is said once on arriving.
      const end = frame.minute >= DAY_MINUTES - 1;
      setAttr(play, "aria-disabled", String(end && !player.state().playing));
      setAttr(step, "aria-disabled", String(end));
      endNote.hidden = !end;
      // (looked for again a frame later: on a page opened at the day's end the debrief's view is made after this bar's first update)
      const offer = () => void (toDebrief.hidden = !document.querySelector(".oc-debrief-box"));
      offer();
      if (end && toDebrief.hidden) requestAnimationFrame(offer);
      if (end && shownMinute !== null && shownMinute !== frame.minute && said !== "end") {
        said = "end";
        say(`${t("player.end")}. ${t("player.endHelp")}`);
      } else if (!end && said === "end") said = "";
      shownMinute = frame.minute;
      if (scrub.value !== String(frame.minute)) scrub.value = String(frame.minute);
      if (frame.alert) {
        const {firedAt, resolvedAt} = frame.alert;
        const vars = {clock: frame.trace.metrics[firedAt].clock, minute: format(firedAt, 0)};
        setText(
          alert,
          resolvedAt === null ? t("alert.banner", vars) : t("alert.resolved", {...vars, resolved: frame.trace.metrics[resolvedAt].clock})
        );
        alert.classList.toggle("oc-resolved", resolvedAt !== null);
        alert.hidden = false;
      } else alert.hidden = true;
    },
    updatePlayer(state) {
      const words = state.playing ? t("player.pause") : t("player.play");
      if (play.dataset.words !== words) {
        play.dataset.words = words;
        play.replaceChildren(...labelled(state.playing ? "❚❚" : "▶", words));
      }
      setAttr(play, "aria-disabled", String(lastMinute() && !state.playing));
      setAttr(play, "aria-pressed", String(state.playing));
      for (const button of speedButtons) setAttr(button, "aria-pressed", String(Number(button.dataset.speed) === state.speed));
      pauseToggle.checked = state.pauseOnEvents;
      const stop = state.pausedAt;
      if (stop) {
        // The note of the event the player stopped at: its own sentence, else the event's name.
        const clock = store.frame().trace.metrics[stop.minute]?.clock ?? "";
        const key = `pause.${stop.kind}`;
        const note = t(key, {clock});
        const text = note === key ? t("pause.event", {clock, event: t(`event.${stop.kind}`)}) : note;
        setText(pauseNote, text);
        setAttr(pauseNote, "data-pause", stop.kind);
        pauseNote.hidden = false;
        if (said !== `${stop.kind} ${stop.minute}`) {
          said = `${stop.kind} ${stop.minute}`;
          say(text);
        }
      } else {
        pauseNote.hidden = true;
        if (said !== "end") said = "";
      }
    }
  };
}
