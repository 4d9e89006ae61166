import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, scenarioFromTrace, type Scenario } from '../engine';
import { builtinScenarios } from '../scenarios';
import { createLibraryStore } from './library-store';
import { createMemoryLibrary } from './memory-library';
import { createScenarioEditorStore } from './scenario-editor-store';

const builtins = builtinScenarios();

async function editorFor() {
  const library = createLibraryStore({
    open: () => Promise.resolve(createMemoryLibrary()),
    now: () => 0,
  });
  await library.getState().actions.load();
  const saved: Scenario[] = [];
  const removed: string[] = [];
  const editor = createScenarioEditorStore({
    library,
    builtins,
    now: () => 42,
    onSaved: (scenario) => saved.push(scenario),
    onRemoved: (id) => removed.push(id),
  });
  return { library, editor, actions: editor.getState().actions, saved, removed };
}

describe('the scenario editor', () => {
  describe('when a built-in is duplicated', () => {
    it('opens a copy with a new id and title, checked and without problems', async () => {
      const { editor, actions } = await editorFor();
      actions.duplicate('shopops-happy');
      const state = editor.getState();
      const copy = JSON.parse(state.text) as Scenario;
      expect(copy.id).toBe('shopops-happy-copy');
      expect(copy.title).toBe('ShopOps O-1001: happy path (copy)');
      expect(state).toMatchObject({ drafting: true, editing: null, problems: [] });
      expect(state.checkedText).toBe(state.text);
    });

    it('picks the next free id when the copy is kept already', async () => {
      const { editor, actions } = await editorFor();
      actions.duplicate('shopops-happy');
      await actions.save();
      actions.duplicate('shopops-happy');
      expect((JSON.parse(editor.getState().text) as Scenario).id).toBe('shopops-happy-copy-2');
    });
  });

  describe('when a scenario made from a run opens', () => {
    it('is an unsaved draft with its notice; saved, it is kept; made again, it gets the next free id', async () => {
      const { editor, actions, saved } = await editorFor();
      const run = await runScenario(builtins[0]!, scenarioConfig(builtins[0]!));
      const { scenario } = scenarioFromTrace(run, { scenario: builtins[0]! });
      actions.draft(scenario, 'Made from the trace.');
      const state = editor.getState();
      expect(state).toMatchObject({ drafting: true, editing: null, problems: [], savedText: '' });
      expect(state.notice).toEqual({ tone: 'done', text: 'Made from the trace.' });
      expect(JSON.parse(state.text)).toEqual(scenario);
      expect(await actions.save()).toEqual(scenario);
      expect(saved).toEqual([scenario]);
      actions.draft(scenario, 'Again.');
      expect((JSON.parse(editor.getState().text) as Scenario).id).toBe(`${scenario.id}-2`);
    });
  });

  describe('while the user types', () => {
    it('finds problems only when asked to check, at their line', async () => {
      const { editor, actions } = await editorFor();
      actions.duplicate('shopops-happy');
      const broken = editor.getState().text.replace('"version": 1', '"version": 7');
      actions.edit(broken);
      expect(editor.getState().problems).toEqual([]);
      const [problem] = actions.check();
      expect(problem).toMatchObject({ path: '$.version', line: 3 });
      expect(editor.getState().problems).toEqual([problem]);
      actions.jumpTo(problem!);
      expect(editor.getState().jump).toEqual({ line: 3, column: problem!.column });
    });
  });

  describe('Save', () => {
    it('keeps the scenario in the library as written and tells the app', async () => {
      const { library, editor, actions, saved } = await editorFor();
      actions.duplicate('shopops-happy');
      const text = editor.getState().text;
      const scenario = await actions.save();
      expect(scenario?.id).toBe('shopops-happy-copy');
      expect(library.getState().scenarios).toEqual([
        { id: 'shopops-happy-copy', source: text, savedAt: 42 },
      ]);
      expect(saved.map((one) => one.id)).toEqual(['shopops-happy-copy']);
      expect(editor.getState()).toMatchObject({ editing: 'shopops-happy-copy', savedText: text });
      expect(editor.getState().notice?.tone).toBe('done');
    });

    it('keeps nothing while the text has problems, and lists them', async () => {
      const { library, editor, actions } = await editorFor();
      actions.duplicate('shopops-happy');
      actions.edit(editor.getState().text.replace('"shopops-happy-copy"', '"shopops-happy"'));
      expect(await actions.save()).toBeNull();
      expect(library.getState().scenarios).toEqual([]);
      expect(editor.getState().problems[0]?.message).toContain('built-in');
      expect(editor.getState().notice?.tone).toBe('problem');
    });
  });

  describe('a link to the editor', () => {
    it('offers a built-in it names to duplicate, and opens a kept one it names', async () => {
      const { editor, actions } = await editorFor();
      actions.show('triage-priority-retry');
      expect(editor.getState()).toMatchObject({
        builtinId: 'triage-priority-retry',
        drafting: false,
      });
      actions.duplicate(editor.getState().builtinId);
      await actions.save();
      actions.close();
      actions.show('triage-priority-retry-copy');
      expect(editor.getState()).toMatchObject({
        drafting: true,
        editing: 'triage-priority-retry-copy',
      });
      actions.show('no-such-scenario');
      expect(editor.getState().editing).toBe('triage-priority-retry-copy');
    });
  });

  describe('a kept scenario', () => {
    it('opens with its text as kept, and is deleted after asking', async () => {
      const { library, editor, actions, removed } = await editorFor();
      actions.duplicate('rca-search-stall');
      await actions.save();
      actions.close();
      actions.open('rca-search-stall-copy');
      expect(editor.getState()).toMatchObject({ drafting: true, editing: 'rca-search-stall-copy' });
      // Saving it again under its own id is no clash with itself.
      expect(actions.check()).toEqual([]);
      actions.askRemove();
      expect(editor.getState().removing).toBe(true);
      await actions.confirmRemove();
      expect(library.getState().scenarios).toEqual([]);
      expect(removed).toEqual(['rca-search-stall-copy']);
      expect(editor.getState().drafting).toBe(false);
    });
  });
});
