// One playable run on a page, wired once: the store opened from the link (#run=…), the player on
// the page's frame clock, a link pasted into the open page, the link written back as the learner
// plays, and the language a link names. A notebook then composes only the views it wants:
//   const session = oncallSession([retryStorm]);
//   const frame = Generators.observe(session.frames);
//   display(dashboardView(t, format, {metrics}).node) …
import {writeHashPart} from "../../page/hash.js";
import type {FindScenario, LinkProblem} from "../../sim/link.js";
import type {Scenario} from "../../sim/kit/scenario.js";
import {switchLanguage} from "./page.js";
import {createPlayer, type Player, type PlayerState, type Ticker} from "./player.js";
import {createStore, type Frame, type Store} from "./store.js";
import {linkWriter, runOfHash, runOfHashChange} from "./url.js";

/** What a session needs from the page; the browser's own by default. */
export interface SessionOptions {
  /** The hash the page opened with (location.hash). */
  hash?: string;
  ticker?: Ticker;
  /** Writes the run's value into the URL (the hash part `run=`, history.replaceState). */
  writeLink?: (value: string) => void;
  /** Listens for hash changes (a link pasted into the address bar); returns the unsubscribe. */
  onHashChange?: (listener: (oldUrl: string, newUrl: string) => void) => () => void;
  /** Opens the page in a language a link names. */
  switchLanguage?: (code: string) => void;
}

/** A page's run: its store and player, reactive sources for Generators.observe, and its link. */
export interface OncallSession {
  scenarios: readonly Scenario[];
  find: FindScenario;
  store: Store;
  player: Player;
  /** For Generators.observe: the frame shown, then every new one. */
  frames(notify: (frame: Frame) => void): () => void;
  /**
   * For Generators.observe: the frame at most every `ms` (default 250) while the minute moves, at
   * once when the run changes: for typeset relations, which cost more than a frame to redraw.
   */
  calmFrames(ms?: number): (notify: (frame: Frame) => void) => () => void;
  /** For Generators.observe: the player's state. */
  playing(notify: (state: PlayerState) => void): () => void;
  /** For Generators.observe: the problem of the link opened (null when it read), also of a pasted one. */
  linkProblem(notify: (problem: LinkProblem | null) => void): () => void;
  /** Called with the page's address each time the link is written (a share field). */
  onLink(listener: (href: string) => void): () => void;
  /** Keeps the page's language in the link. */
  setLang(lang: string | undefined): void;
  /** Stops the player and every listener (the cell's invalidation). */
  dispose(): void;
}

/** The browser's frame clock. */
const pageTicker = (): Ticker => ({
  now: () => performance.now(),
  requestFrame: (f) => requestAnimationFrame(f),
  cancelFrame: (h) => cancelAnimationFrame(h)
});

/**
 * The session of `scenarios` (the first opens when the link names none): reads the link once,
 * follows pasted links, writes the link back (spaced out while playing, at once when paused) and
 * switches to the language a link names.
 */
export function oncallSession(scenarios: Scenario | readonly Scenario[], options: SessionOptions = {}): OncallSession {
  const list: readonly Scenario[] = Array.isArray(scenarios) ? scenarios : [scenarios as Scenario];
  if (list.length === 0) throw new RangeError("a session needs at least one scenario");
  const find: FindScenario = (name) => list.find((s) => s.name === name);
  const linkOptions = {find, fallback: list[0].name};
  const {
    hash = location.hash,
    ticker = pageTicker(),
    writeLink = (value: string) => writeHashPart("run", value),
    onHashChange = (listener: (oldUrl: string, newUrl: string) => void) => {
      const handler = (event: HashChangeEvent) => listener(event.oldURL, event.newURL);
      addEventListener("hashchange", handler);
      return () => removeEventListener("hashchange", handler);
    },
    switchLanguage: toLanguage = switchLanguage
  } = options;
  const opened = runOfHash(hash, linkOptions);
  const store = createStore(opened.run, {find});
  if (opened.run.lang) toLanguage(opened.run.lang);
  const player = createPlayer(store, ticker);
  let problem: LinkProblem | null = opened.problem;
  const problemListeners = new Set<(problem: LinkProblem | null) => void>();
  const linkListeners = new Set<(href: string) => void>();
  const stops: (() => void)[] = [];

  // A link pasted into the address bar of the open page changes only the hash: it opens too.
  stops.push(
    onHashChange((oldUrl, newUrl) => {
      const next = runOfHashChange(oldUrl, newUrl, linkOptions);
      if (!next) return;
      problem = next.problem;
      for (const listener of problemListeners) listener(problem);
      player.pause();
      store.open(next.run);
      if (next.run.lang) toLanguage(next.run.lang);
    })
  );

  const write = linkWriter(
    (value) => {
      writeLink(value);
      const href = typeof location === "undefined" ? value : location.href;
      for (const listener of linkListeners) listener(href);
    },
    {now: () => ticker.now(), later: (fn, ms) => setTimeout(fn, ms)},
    400,
    find
  );
  stops.push(store.subscribe((frame) => write(frame.run, !player.state().playing)));
  stops.push(player.subscribe((state) => write(store.frame().run, !state.playing)));

  const observe =
    <T>(current: () => T, subscribe: (listener: (value: T) => void) => () => void) =>
    (notify: (value: T) => void) => {
      notify(current());
      return subscribe(notify);
    };
  return {
    scenarios: list,
    find,
    store,
    player,
    frames: observe(
      () => store.frame(),
      (l) => store.subscribe(l)
    ),
    calmFrames:
      (ms = 250) =>
      (notify) => {
        notify(store.frame());
        let last = ticker.now();
        let timer: ReturnType<typeof setTimeout> | null = null;
        let latest = store.frame();
        const flush = () => {
          timer = null;
          last = ticker.now();
          notify(latest);
        };
        const stop = store.subscribe((frame) => {
          latest = frame;
          if (frame.cause === "run") {
            if (timer !== null) clearTimeout(timer);
            return flush();
          }
          if (timer === null) timer = setTimeout(flush, Math.max(0, last + ms - ticker.now()));
        });
        return () => {
          stop();
          if (timer !== null) clearTimeout(timer);
        };
      },
    playing: observe(
      () => player.state(),
      (l) => player.subscribe(l)
    ),
    linkProblem: observe(
      () => problem,
      (l) => (problemListeners.add(l), () => problemListeners.delete(l))
    ),
    onLink(listener) {
      linkListeners.add(listener);
      return () => linkListeners.delete(listener);
    },
    setLang(lang) {
      store.setLang(lang);
      write(store.frame().run, true);
    },
    dispose() {
      player.dispose();
      for (const stop of stops) stop();
      problemListeners.clear();
      linkListeners.clear();
    }
  };
}
