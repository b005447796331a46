// The course page's own words in each language a lesson may offer. The lessons' titles,
// descriptions and goals come from their front matter; these are the page around them. Words the
// lessons use are taken from them (hu "cél", "perc"; pt "objetivo", "minutos"; ig "ebumnuche",
// "nkeji", "nzọụkwụ", "tupu"; ja "目標"); the rest is the project's own wording.
import {languageName} from "../notebook/contract.js";

/** The keys of the course page's strings. */
export interface CourseStrings {
  pageTitle: string;
  pageDescription: string;
  heading: string;
  intro: string;
  language: string;
  goal: string;
  time: string;
  minutes: string;
  requires: string;
  requiresNone: string;
  languages: string;
  notOffered: string;
  progress: string;
  notStarted: string;
  checkpoint: string;
  scenario: string;
  step: string;
  empty: string;
}

/** The course page's strings by language code; English is the fallback of every key. */
export const courseStrings: Record<string, CourseStrings> = {
  en: {
    pageTitle: "queuebook: the course",
    pageDescription: "Reactive notebooks on how web services behave under load, lesson by lesson",
    heading: "The course",
    intro:
      "Reactive notebooks on how web services behave under load: move a control and every value, formula and chart that depends on it updates. Your progress is kept in this browser only.",
    language: "Language",
    goal: "Goal",
    time: "Time",
    minutes: "about {n} min",
    requires: "Before this",
    requiresNone: "nothing: start here",
    languages: "Languages",
    notOffered: "not offered in this language",
    progress: "Your progress",
    notStarted: "not started yet",
    checkpoint: "{done} of {of} checkpoints answered",
    scenario: "{done} of {of} scenarios finished",
    step: "{done} of {of} lab steps done",
    empty: "No notebooks yet: add a Markdown file to the notebooks folder."
  },
  hu: {
    pageTitle: "queuebook: a kurzus",
    pageDescription: "Reaktív jegyzetfüzetek arról, hogyan viselkednek a webszolgáltatások terhelés alatt, leckéről leckére",
    heading: "A kurzus",
    intro:
      "Reaktív jegyzetfüzetek arról, hogyan viselkednek a webszolgáltatások terhelés alatt: mozdítson meg egy vezérlőt, és minden érték, képlet és diagram, amely tőle függ, frissül. A haladását csak ez a böngésző őrzi.",
    language: "Nyelv",
    goal: "Cél",
    time: "Idő",
    minutes: "kb. {n} perc",
    requires: "Előtte",
    requiresNone: "semmi: kezdje itt",
    languages: "Nyelvek",
    notOffered: "ezen a nyelven nem érhető el",
    progress: "Az Ön haladása",
    notStarted: "még nem kezdte el",
    checkpoint: "{done}/{of} ellenőrző kérdés megválaszolva",
    scenario: "{done}/{of} forgatókönyv befejezve",
    step: "{done}/{of} laborlépés kész",
    empty: "Még nincs jegyzetfüzet: tegyen egy Markdown-fájlt a notebooks mappába."
  },
  pt: {
    pageTitle: "queuebook: o curso",
    pageDescription: "Cadernos reativos sobre como os serviços web se comportam sob carga, lição a lição",
    heading: "O curso",
    intro:
      "Cadernos reativos sobre como os serviços web se comportam sob carga: mova um controlo e cada valor, fórmula e gráfico que dele depende é atualizado. O seu progresso fica guardado apenas neste navegador.",
    language: "Idioma",
    goal: "Objetivo",
    time: "Tempo",
    minutes: "cerca de {n} minutos",
    requires: "Antes desta",
    requiresNone: "nada: comece aqui",
    languages: "Idiomas",
    notOffered: "não disponível neste idioma",
    progress: "O seu progresso",
    notStarted: "ainda não começou",
    checkpoint: "{done} de {of} perguntas de verificação respondidas",
    scenario: "{done} de {of} cenários terminados",
    step: "{done} de {of} passos do laboratório feitos",
    empty: "Ainda não há cadernos: adicione um ficheiro Markdown à pasta notebooks."
  },
  ig: {
    pageTitle: "queuebook: usoro ọmụmụ",
    pageDescription: "Akwụkwọ ndetu na-emeghachi omume banyere otú ọrụ weebụ si akpa àgwà n'okpuru ibu, nkuzi n'otu n'otu",
    heading: "Usoro ọmụmụ",
    intro:
      "Akwụkwọ ndetu na-emeghachi omume banyere otú ọrụ weebụ si akpa àgwà n'okpuru ibu: mee ka otu njikwa gaa n'ihu, uru ọ bụla, usoro na eserese dabere na ya na-agbanwe. Naanị ihe nchọgharị a na-echekwa ọganihu gị.",
    language: "Asụsụ",
    goal: "Ebumnuche",
    time: "Oge",
    minutes: "ihe dị ka nkeji {n}",
    requires: "Tupu nke a",
    requiresNone: "ọ dịghị ihe: malite ebe a",
    languages: "Asụsụ",
    notOffered: "adịghị n'asụsụ a",
    progress: "Ọganihu gị",
    notStarted: "ị malitebeghị",
    checkpoint: "ajụjụ {done} n'ime {of} ka a zara",
    scenario: "ọnọdụ {done} n'ime {of} emechara",
    step: "nzọụkwụ {done} n'ime {of} nke ụlọ nyocha emechara",
    empty: "Enweghị akwụkwọ ndetu ọ bụla: tinye faịlụ Markdown n'ime folda notebooks."
  },
  ja: {
    pageTitle: "queuebook: コース",
    pageDescription: "負荷のもとでウェブサービスがどう振る舞うかを、レッスンごとに学ぶリアクティブなノートブック",
    heading: "コース",
    intro:
      "負荷のもとでウェブサービスがどう振る舞うかを学ぶリアクティブなノートブックです。コントロールを動かすと、それに依存する値・数式・グラフがすべて更新されます。進み具合はこのブラウザーにだけ保存されます。",
    language: "言語",
    goal: "目標",
    time: "所要時間",
    minutes: "約{n}分",
    requires: "先に",
    requiresNone: "なし(ここから始められます)",
    languages: "言語",
    notOffered: "この言語では提供されていません",
    progress: "進み具合",
    notStarted: "まだ始めていません",
    checkpoint: "確認問題 {of}問中{done}問に回答",
    scenario: "シナリオ {of}件中{done}件を完了",
    step: "ラボのステップ {of}件中{done}件を完了",
    empty: "ノートブックはまだありません。notebooksフォルダーにMarkdownファイルを追加してください。"
  }
};

/**
 * Each language's own name, as `languageName` (Intl.DisplayNames) gives it, for the languages
 * the course page has words in: the build names them without loading ICU's locale data, the
 * first Intl object's 20 ms in a build of 250 (test/site/courseStrings.test.ts keeps the two equal).
 */
const ownNames: Record<string, string> = {en: "English", hu: "Magyar", pt: "Português", ig: "Igbo", ja: "日本語"};

/** A language's own name on the course page: the table above, else Intl's (`languageName`). */
export function courseLanguageName(code: string): string {
  return Object.hasOwn(ownNames, code) ? ownNames[code] : languageName(code);
}

/** The course page's strings in `lang`, English where a key or the language is missing. */
export function courseStringsFor(lang: string): CourseStrings {
  return {...courseStrings.en, ...courseStrings[lang]};
}
