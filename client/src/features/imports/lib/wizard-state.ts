// The import wizard's state: the file, how it is read, the mapping being edited, the server's
// latest preview and the commit's answer, changed only by the actions below.
// A pure reducer, so the rules are tested without a
// browser; the screens send the requests and report their answers here.
import type { MatchBy, ImportTargetField } from "@shared/imports/targets";
import { defaultMatchBy, UNSET_WHEN_UNMAPPED } from "@shared/imports/targets";
import type {
  ImportCharset,
  ImportCommitReply,
  ImportDefaults,
  ImportDelimiter,
  ImportMapping,
  ImportPreviewReply,
  ImportPreviewRequest,
  ImportValueMaps,
} from "@shared/imports/wire";
import type { Wire } from "@shared/wire";
import type { ImportKind } from "@shared/imports/contact-fields";
import { columnsHoldCityState, coveredFields } from "./mapping-rules";

export type ImportPreview = Wire<ImportPreviewReply>;

export const WIZARD_STEPS = ["file", "map", "preview", "import", "result"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The chosen file, read once: its bytes as base64, so any encoding reaches the server intact. */
export interface FileSource {
  fileName: string;
  content: string;
  size: number;
}

/** How the file is read; unset means what the server detects (the first sheet, the charset, the delimiter). */
export interface ReadOptions {
  sheet?: string;
  charset?: ImportCharset;
  delimiter?: ImportDelimiter;
}

/** What the person decides on the Map step. */
export interface Draft {
  mapping: ImportMapping;
  valueMaps: ImportValueMaps;
  /** Defaults being typed: a blank one keeps its input on screen and is not sent. */
  defaults: ImportDefaults;
  matchBy: MatchBy;
  /** The column City and State are read from where a row has none. */
  cityStateFrom: number | null;
}

export interface WizardState {
  step: WizardStep;
  /** What the file holds: listings, or contacts (chosen on the File step; the Contacts page opens it so). */
  target: ImportKind;
  source: FileSource | null;
  options: ReadOptions;
  /** The server's latest answer: the columns, its counts, and the id a commit uses. */
  preview: ImportPreview | null;
  draft: Draft | null;
  /** The server's own proposal for the columns, marked "Suggested" on the Map step. */
  suggestion: ImportMapping | null;
  /** The server's own values for the file's values (`suggestion`'s), marked "Suggested" too. */
  valueSuggestion: ImportValueMaps | null;
  /** The person chose the match rule (or a saved mapping did): it no longer follows the mapping. */
  matchByChosen: boolean;
  commit: Wire<ImportCommitReply> | null;
}

export type WizardAction =
  | { type: "target"; target: ImportKind }
  | { type: "file"; source: FileSource }
  | { type: "options"; options: ReadOptions }
  /** A preview of the file with the server's suggested (or saved) mapping: the Map step starts from it. */
  | { type: "suggested"; preview: ImportPreview }
  /** A preview of the person's own mapping: the Preview step shows it. */
  | { type: "previewed"; preview: ImportPreview }
  | { type: "column"; index: number; target: ImportTargetField | null }
  | { type: "value"; field: string; fileValue: string; value: string | null }
  | { type: "default"; field: string; text: string }
  | { type: "removeDefault"; field: string }
  | { type: "matchBy"; matchBy: MatchBy }
  | { type: "cityStateFrom"; column: number | null }
  /** Every listing to one agent (chosen in Import CSV): the agent as a default, and no column overrides it. */
  | { type: "assignAgent"; name: string }
  | { type: "back" }
  | { type: "committing" }
  | { type: "backToPreview" }
  | { type: "committed"; result: Wire<ImportCommitReply> }
  | { type: "restart" };

export const initialWizardState: WizardState = {
  step: "file",
  target: "listings",
  source: null,
  options: {},
  preview: null,
  draft: null,
  suggestion: null,
  valueSuggestion: null,
  matchByChosen: false,
  commit: null,
};

const draftOf = (preview: ImportPreview): Draft => ({
  mapping: [...preview.mapping],
  valueMaps: structuredClone(preview.valueMaps),
  defaults: { ...preview.defaults },
  matchBy: preview.matchBy,
  cityStateFrom: preview.cityStateFrom ?? null,
});

function changeDraft(state: WizardState, change: (draft: Draft) => Draft): WizardState {
  return state.draft ? { ...state, draft: change(state.draft) } : state;
}

/**
 * The match rule the draft's mapping suggests: a link column full in every
 * row, else address and city, else name, address and city.
 */
export function suggestedMatchBy(preview: Pick<ImportPreview, "columns" | "summary">, draft: Pick<Draft, "mapping" | "cityStateFrom">): MatchBy {
  const { create, update, unchanged, fail } = preview.summary;
  return defaultMatchBy({
    mapping: draft.mapping,
    cityStateFrom: columnsHoldCityState(draft.mapping) ? null : draft.cityStateFrom,
    filled: preview.columns.map((c) => c.filled),
    rows: create + update + unchanged + fail,
  });
}

/** A mapping change: the match rule follows it until the person chooses one. */
function changeMapping(state: WizardState, change: (draft: Draft) => Draft): WizardState {
  const next = changeDraft(state, change);
  if (state.matchByChosen || !next.draft || !state.preview) return next;
  return { ...next, draft: { ...next.draft, matchBy: suggestedMatchBy(state.preview, next.draft) } };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "target":
      return state.step === "file" ? { ...state, target: action.target } : state;
    case "file":
      return { ...initialWizardState, target: state.target, source: action.source };
    case "options":
      return { ...state, options: { ...state.options, ...action.options } };
    case "suggested":
      return {
        ...state,
        step: "map",
        preview: action.preview,
        draft: draftOf(action.preview),
        suggestion: action.preview.mapping,
        valueSuggestion: action.preview.valueMaps,
        matchByChosen: action.preview.savedMapping,
        commit: null,
      };
    case "previewed":
      return { ...state, step: "preview", preview: action.preview, draft: draftOf(action.preview), commit: null };
    case "column":
      return changeMapping(state, (d) => ({ ...d, mapping: d.mapping.map((t, i) => (i === action.index ? action.target : t)) }));
    case "value":
      return changeDraft(state, (d) => ({
        ...d,
        valueMaps: { ...d.valueMaps, [action.field]: { ...d.valueMaps[action.field], [action.fileValue]: action.value } },
      }));
    case "default":
      return changeDraft(state, (d) => ({ ...d, defaults: { ...d.defaults, [action.field]: action.text } }));
    case "removeDefault":
      return changeDraft(state, (d) => ({ ...d, defaults: Object.fromEntries(Object.entries(d.defaults).filter(([f]) => f !== action.field)) }));
    case "matchBy":
      return { ...changeDraft(state, (d) => ({ ...d, matchBy: action.matchBy })), matchByChosen: true };
    case "cityStateFrom":
      return changeMapping(state, (d) => ({ ...d, cityStateFrom: action.column }));
    case "assignAgent":
      return changeDraft(state, (d) => ({
        ...d,
        mapping: d.mapping.map((t) => (t === "agentId" ? null : t)),
        defaults: { ...d.defaults, agentId: action.name },
      }));
    case "back":
      return state.draft ? { ...state, step: "map" } : state;
    case "committing":
      return state.step === "preview" ? { ...state, step: "import" } : state;
    case "backToPreview":
      return state.step === "import" ? { ...state, step: "preview" } : state;
    case "committed":
      return { ...state, step: "result", commit: action.result };
    case "restart":
      return { ...initialWizardState, target: state.target };
  }
}

/**
 * The preview request for the current state. Without `draft` the server suggests the mapping
 * (a first look at the file, or after choosing another sheet, charset or delimiter); with it the
 * mapping is the person's, sent whole: value maps only for fields some column still writes, and
 * only the defaults that hold text.
 */
export function previewRequest(source: FileSource, options: ReadOptions, draft?: Draft | null, target: ImportKind = "listings"): ImportPreviewRequest {
  const request: ImportPreviewRequest = { target, fileName: source.fileName, content: source.content, encoding: "base64", ...options };
  if (!draft) return request;
  // Contacts are matched by email and have no value maps, defaults or City and State sources.
  if (target === "contacts") return { ...request, mapping: draft.mapping };
  // City and State come from another column only while no column of their own holds them.
  const cityStateFrom = columnsHoldCityState(draft.mapping) ? null : draft.cityStateFrom;
  const covered = coveredFields(draft.mapping, cityStateFrom);
  return {
    ...request,
    mapping: draft.mapping,
    valueMaps: Object.fromEntries(Object.entries(draft.valueMaps).filter(([field]) => covered.has(field))),
    defaults: Object.fromEntries(
      Object.entries(draft.defaults)
        .map(([field, text]) => [field, text.trim()] as const)
        .filter(([, text]) => text !== ""),
    ),
    matchBy: draft.matchBy,
    cityStateFrom,
  };
}

/** Rows a commit would write: the creates and the updates of the preview. */
export const rowsToImport = (preview: Pick<ImportPreview, "summary">) => preview.summary.create + preview.summary.update;

/** Values of a field left to fail in the preview's value maps (their rows fail); values left unset do not count. */
export function valuesLeftToFail(valueMaps: ImportValueMaps): { field: string; count: number }[] {
  return Object.entries(valueMaps)
    .filter(([field]) => !UNSET_WHEN_UNMAPPED.has(field))
    .map(([field, values]) => ({ field, count: Object.values(values).filter((v) => v === null).length }))
    .filter((entry) => entry.count > 0);
}
