import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { builtinScenarios } from '../../scenarios';
import type { Scenario } from '../../engine';
import { parseLaneTokens } from '../../state/lane-tokens';
import { createPresenterStore, type PresenterStore } from '../../state/presenter-store';
import { LanePanel } from './LanePanel';
import { PresenterStoreProvider } from './presenter-context';

const WORD = 'w'.repeat(100_000);

/** A timer that never fires: the test moves the rows by hand. */
const STILL = { setTimeout: () => 0, clearTimeout: () => {} };

async function recorded(store: PresenterStore) {
  for (let tries = 0; tries < 400; tries++) {
    if (store.getState().phase !== 'preparing') return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the lanes did not record');
}

describe("the presenter's card", () => {
  it('wraps and cuts a 100,000-character tool name and answer', async () => {
    const happy = builtinScenarios().find((scenario) => scenario.id === 'shopops-happy')!;
    const huge: Scenario = {
      ...happy,
      id: 'huge-word',
      model: {
        kind: 'scripted',
        turns: [
          `Thought: ${WORD}\nAction: tool:${WORD} case_id=O-1001`,
          `Thought: done\nAction: answer Order O-1001 shipped 32 days ago; at the depot. ${WORD}`,
        ],
      },
    };
    const lanes = parseLaneTokens(['react+off', 'react+adaptive']);
    if (!lanes) throw new Error('tokens did not parse');
    const store = createPresenterStore({
      scenarios: [huge],
      source: { scenarioId: 'huge-word', lanes: [lanes[0]!, lanes[1]!] },
      timer: STILL,
    });
    const stop = store.getState().actions.start();
    await recorded(store);
    // A server render reads a store's initial state: hand it one that starts where the show is.
    const card = () =>
      renderToString(
        <PresenterStoreProvider store={createStore(() => store.getState())}>
          <LanePanel index={0} />
        </PresenterStoreProvider>,
      );
    const rows = store.getState().presentation?.rows.length ?? 0;
    expect(rows).toBeGreaterThanOrEqual(2);
    const shown: string[] = [];
    for (let row = 0; row < rows; row++) {
      store.getState().actions.next();
      shown.push(card());
    }
    for (const html of shown) expect(html).not.toContain('w'.repeat(4_001));
    const answer = shown.find((html) => html.includes('Order O-1001 shipped 32 days ago'));
    expect(answer).toContain('wrap-anywhere');
    stop();
  });
});
