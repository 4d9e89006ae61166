/**
 * The scenario editor's store: the draft being written (a kept scenario opened, or a copy of a
 * built-in), its problems as last checked (`checkScenarioSource`), and what Save and Delete did.
 * Saving keeps the scenario in the runs library (`putScenario`) and tells the app (`onSaved`),
 * which lists it in the views. The editor checks as the user types by calling `check` once typing
 * pauses; Save checks at once. Vanilla Zustand; actions under `actions`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Scenario } from '../engine';
import type { LibraryStore } from './library-store';
import { keptOf } from './kept-scenarios';
import { checkScenarioSource, type SourceProblem } from './scenario-check';

export interface EditorNotice {
  readonly tone: 'done' | 'problem';
  readonly text: string;
}

export interface ScenarioEditorActions {
  /**
   * What a link names (`#/scenarios?scenario=…`): a kept scenario opens (unless it is open
   * already), a built-in becomes the one offered to duplicate.
   */
  show(id: string): void;
  /** The built-in "Duplicate" copies. */
  chooseBuiltin(id: string): void;
  /** Opens a kept scenario of the library (its text as kept); nothing when there is none. */
  open(id: string): void;
  /** A new draft: a copy of a built-in, id `<id>-copy` (or `-copy-2`, …), title "… (copy)". */
  duplicate(builtinId: string): void;
  /**
   * A new, unsaved draft of a scenario made elsewhere (from a run's trace): its id made free
   * (`-2`, `-3`, … after it), `notice` shown above it.
   */
  draft(scenario: Scenario, notice: string): void;
  /** The draft's text changed (every keystroke: no check, see `check`). */
  edit(text: string): void;
  /** Checks the draft's text now; returns its problems (none: it is a scenario). */
  check(): readonly SourceProblem[];
  /** Checks, then keeps the scenario in the library; resolves to it, or null when it has problems. */
  save(): Promise<Scenario | null>;
  /** Asks the editor to put its cursor at a problem (a listed problem was clicked). */
  jumpTo(problem: SourceProblem): void;
  /** Asks before deleting the kept scenario that is open (`confirmRemove` deletes it). */
  askRemove(): void;
  cancelRemove(): void;
  /** Deletes the open kept scenario from the library; the draft closes. */
  confirmRemove(): Promise<void>;
  /** Closes the draft (unsaved changes are dropped). */
  close(): void;
}

export interface ScenarioEditorState {
  /** The built-in offered to duplicate. */
  readonly builtinId: string;
  /** A draft is open in the editor. */
  readonly drafting: boolean;
  /** Counts the drafts opened: a new number is a new text for the editor (use it as a key). */
  readonly draftNumber: number;
  /** The id of the kept scenario the draft was opened from or last saved as; null: never saved. */
  readonly editing: string | null;
  readonly text: string;
  /** The text as opened or last saved: the draft has unsaved changes when `text` differs. */
  readonly savedText: string;
  /** The text the problems are of (null before a check). */
  readonly checkedText: string | null;
  readonly problems: readonly SourceProblem[];
  /** Where the editor should put its cursor, once per request (a new object: a new request). */
  readonly jump: Pick<SourceProblem, 'line' | 'column'> | null;
  /** Delete was pressed: the view asks "Delete it?". */
  readonly removing: boolean;
  readonly notice: EditorNotice | null;
  readonly actions: ScenarioEditorActions;
}

export type ScenarioEditorStore = StoreApi<ScenarioEditorState>;

export interface ScenarioEditorOptions {
  /** Where the user's scenarios are kept (`scenarios`, `putScenario`, `removeScenario`). */
  readonly library: LibraryStore;
  readonly builtins: readonly Scenario[];
  /** The wall clock (ms since the epoch) that dates a saved scenario. */
  readonly now: () => number;
  /** A scenario was saved (the app lists it in the views, replacing one of its id). */
  readonly onSaved?: (scenario: Scenario) => void;
  /** A kept scenario was deleted (the app takes it off the views' lists). */
  readonly onRemoved?: (id: string) => void;
}

const CLOSED = {
  drafting: false,
  editing: null,
  text: '',
  savedText: '',
  checkedText: null,
  problems: [],
  jump: null,
  removing: false,
} as const;

/** Pure: `id`, or the first `<id>-N` no scenario has. */
function freeId(first: string, taken: ReadonlySet<string>): string {
  if (!taken.has(first)) return first;
  let number = 2;
  while (taken.has(`${first}-${number}`)) number++;
  return `${first}-${number}`;
}

/** Creates the scenario editor's store over the page's library store. */
export function createScenarioEditorStore(options: ScenarioEditorOptions): ScenarioEditorStore {
  const { library, builtins, now } = options;
  const builtinIds = new Set(builtins.map((scenario) => scenario.id));
  const keptIds = () => library.getState().scenarios.map((kept) => kept.id);

  return createStore<ScenarioEditorState>()((set, get) => {
    const openDraft = (text: string, editing: string | null, savedText: string) => {
      set((state) => ({
        ...CLOSED,
        drafting: true,
        draftNumber: state.draftNumber + 1,
        editing,
        text,
        savedText,
        notice: null,
      }));
      actions.check();
    };

    const actions: ScenarioEditorActions = {
      show(id) {
        if (builtinIds.has(id)) set({ builtinId: id });
        else if (get().editing !== id || !get().drafting) actions.open(id);
      },

      chooseBuiltin(id) {
        if (builtinIds.has(id)) set({ builtinId: id });
      },

      open(id) {
        const kept = library.getState().scenarios.find((scenario) => scenario.id === id);
        if (kept) openDraft(kept.source, kept.id, kept.source);
      },

      duplicate(builtinId) {
        const builtin = builtins.find((scenario) => scenario.id === builtinId);
        if (!builtin) return;
        const id = freeId(`${builtin.id}-copy`, new Set([...builtinIds, ...keptIds()]));
        const copy = { ...builtin, id, title: `${builtin.title} (copy)` };
        openDraft(JSON.stringify(copy, null, 2), null, '');
      },

      draft(scenario, notice) {
        const id = freeId(scenario.id, new Set([...builtinIds, ...keptIds()]));
        openDraft(JSON.stringify({ ...scenario, id }, null, 2), null, '');
        set({ notice: { tone: 'done', text: notice } });
      },

      edit(text) {
        set({ text });
      },

      check() {
        const { text, editing } = get();
        const takenIds = new Set(keptIds().filter((id) => id !== editing));
        const checked = checkScenarioSource(text, builtinIds, { takenIds });
        const problems = 'problems' in checked ? checked.problems : [];
        set({ checkedText: text, problems });
        return problems;
      },

      async save() {
        const { text, editing } = get();
        const takenIds = new Set(keptIds().filter((id) => id !== editing));
        const checked = checkScenarioSource(text, builtinIds, { takenIds });
        if ('problems' in checked) {
          set({
            checkedText: text,
            problems: checked.problems,
            notice: { tone: 'problem', text: 'Not saved: fix the problems listed below first.' },
          });
          return null;
        }
        const { scenario } = checked;
        await library.getState().actions.putScenario(keptOf(scenario, now(), text));
        options.onSaved?.(scenario);
        set({
          editing: scenario.id,
          savedText: text,
          checkedText: text,
          problems: [],
          notice: {
            tone: 'done',
            text: `Saved "${scenario.title}" (${scenario.id}) in your scenarios.`,
          },
        });
        return scenario;
      },

      jumpTo({ line, column }) {
        set({ jump: { line, column } });
      },

      askRemove() {
        if (get().editing !== null) set({ removing: true });
      },

      cancelRemove() {
        set({ removing: false });
      },

      async confirmRemove() {
        const { editing } = get();
        if (editing === null) return;
        await library.getState().actions.removeScenario(editing);
        options.onRemoved?.(editing);
        set({ ...CLOSED, notice: { tone: 'done', text: `Deleted your scenario ${editing}.` } });
      },

      close() {
        set({ ...CLOSED, notice: null });
      },
    };

    return {
      ...CLOSED,
      builtinId: builtins[0]?.id ?? '',
      draftNumber: 0,
      notice: null,
      actions,
    };
  });
}
