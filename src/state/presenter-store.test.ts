import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import { demoById } from './demos';
import { parseLaneTokens } from './lane-tokens';
import {
  BASE_DWELL_MS,
  createPresenterStore,
  type PresenterSource,
  type PresenterStore,
} from './presenter-store';

const scenarios = builtinScenarios();

/** A timer that fires only when told: the test plays the dwell out by hand. */
function manualTimer() {
  let nextId = 0;
  const queue = new Map<number, { callback: () => void; ms: number }>();
  return {
    timer: {
      setTimeout: (callback: () => void, ms: number) => {
        queue.set(++nextId, { callback, ms });
        return nextId;
      },
      clearTimeout: (handle: unknown) => {
        queue.delete(handle as number);
      },
    },
    /** The dwell of each waiting timer. */
    waiting: () => [...queue.values()].map((entry) => entry.ms),
    /** Fires the oldest waiting timer. */
    fire() {
      const first = queue.entries().next();
      if (first.done) throw new Error('no timer is waiting');
      const [id, entry] = first.value;
      queue.delete(id);
      entry.callback();
    },
  };
}

/** A started presenter whose lanes have recorded. */
async function presenter(source: PresenterSource = { demo: demoById('react-vs-reflact') }) {
  const clock = manualTimer();
  const store = createPresenterStore({ scenarios, source, timer: clock.timer });
  const stop = store.getState().actions.start();
  await recorded(store);
  return { store, stop, clock };
}

async function recorded(store: PresenterStore) {
  for (let tries = 0; tries < 200; tries++) {
    if (store.getState().phase !== 'preparing') return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the lanes did not record');
}

describe('presenter store', () => {
  describe('when it opens on a demo', () => {
    it('records both lanes, then waits on the title card', async () => {
      const clock = manualTimer();
      const store = createPresenterStore({
        scenarios,
        source: { demo: demoById('react-vs-reflact') },
        timer: clock.timer,
      });
      expect(store.getState().phase).toBe('preparing');
      expect(store.getState().title).toBe('ReAct vs ReflAct on a two-hop question');
      const stop = store.getState().actions.start();
      await recorded(store);
      const state = store.getState();
      expect(state.phase).toBe('ready');
      expect(state.row).toBeNull();
      expect(state.progress.map((lane) => [lane.label, lane.status, lane.steps])).toEqual([
        ['ReAct', 'done', 2],
        ['ReflAct', 'done', 3],
      ]);
      expect(state.presentation?.rows).toHaveLength(3);
      expect(clock.waiting()).toEqual([]);
      stop();
    });

    it('plays the built-in model seeded: the same demo gives the same rows and captions', async () => {
      const first = await presenter({ demo: demoById('off-vs-adaptive') });
      const second = await presenter({ demo: demoById('off-vs-adaptive') });
      const captions = (store: PresenterStore) =>
        store.getState().presentation?.rows.map((row) => row.caption);
      expect(captions(first.store)).toEqual(captions(second.store));
      expect(second.store.getState().presentation).toEqual(first.store.getState().presentation);
      // Simulated time passes on a virtual clock: the closing slide's time is the same too.
      expect(first.store.getState().presentation?.closing.metrics.at(-1)?.values).toEqual([
        '3.3 s',
        '8.1 s',
      ]);
      first.stop();
      second.stop();
    });
  });

  describe('when it plays', () => {
    it('shows a row every dwell and pauses where ReflAct takes stock of its state and the runs part ways', async () => {
      const { store, stop, clock } = await presenter();
      store.getState().actions.play();
      expect(store.getState()).toMatchObject({ phase: 'playing', row: 0 });
      expect(clock.waiting()).toEqual([BASE_DWELL_MS]);

      clock.fire();
      expect(store.getState()).toMatchObject({
        phase: 'paused',
        row: 1,
        pausedFor: 'ReflAct takes stock of its state and the runs part ways',
      });
      expect(clock.waiting()).toEqual([]);

      store.getState().actions.toggle();
      expect(store.getState()).toMatchObject({ phase: 'playing', row: 1, pausedFor: null });
      clock.fire();
      expect(store.getState()).toMatchObject({ phase: 'playing', row: 2 });
      clock.fire();
      expect(store.getState().phase).toBe('closing');
      expect(store.getState().presentation?.closing.verdict).toBe(
        'ReflAct answered correctly where ReAct did not.',
      );
      expect(clock.waiting()).toEqual([]);
      stop();
    });

    it('shows each lane’s step at the row, and where a lane has none', async () => {
      const { store, stop } = await presenter();
      store.getState().actions.next();
      store.getState().actions.next();
      const { row, presentation } = store.getState();
      expect(row).toBe(1);
      const cells = presentation?.rows[1]?.cells ?? [];
      // ReAct has no step at row 1 (it answered); ReflAct searches again.
      expect(cells.map((cell) => cell.step)).toEqual([null, 1]);
      expect(cells[0]?.gap).not.toBeNull();
      stop();
    });

    it('plays through the moments when told not to pause on them', async () => {
      const { store, stop, clock } = await presenter({ demo: demoById('off-vs-adaptive') });
      store.getState().actions.setPauseOnMoments(false);
      store.getState().actions.play();
      const seen: (number | null)[] = [store.getState().row];
      while (store.getState().phase === 'playing') {
        clock.fire();
        seen.push(store.getState().row);
      }
      expect(seen).toEqual([0, 1, 2, 3, 4, 4]);
      expect(store.getState().phase).toBe('closing');
      stop();
    });

    it('pauses at the stall guard too', async () => {
      const { store, stop, clock } = await presenter({ demo: demoById('off-vs-adaptive') });
      store.getState().actions.play();
      clock.fire();
      expect(store.getState().pausedFor).toBe('Adaptive reflects and the runs part ways');
      store.getState().actions.play();
      clock.fire();
      expect(store.getState()).toMatchObject({
        phase: 'paused',
        row: 2,
        pausedFor: 'The stall guard stops No reflection',
      });
      stop();
    });

    it('dwells for the chosen speed, and a change applies at once', async () => {
      const { store, stop, clock } = await presenter();
      store.getState().actions.setSpeed(4);
      store.getState().actions.play();
      expect(clock.waiting()).toEqual([BASE_DWELL_MS / 4]);
      store.getState().actions.setSpeed(0.5);
      expect(clock.waiting()).toEqual([BASE_DWELL_MS * 2]);
      stop();
      expect(clock.waiting()).toEqual([]);
    });
  });

  describe('when the presenter steps by hand', () => {
    it('goes forward and back a row, to the closing slide and back, and restarts', async () => {
      const { store, stop, clock } = await presenter();
      store.getState().actions.next();
      expect(store.getState()).toMatchObject({ phase: 'paused', row: 0 });
      store.getState().actions.next();
      store.getState().actions.next();
      expect(store.getState().row).toBe(2);
      store.getState().actions.next();
      expect(store.getState().phase).toBe('closing');
      store.getState().actions.previous();
      expect(store.getState()).toMatchObject({ phase: 'paused', row: 2 });
      store.getState().actions.previous();
      store.getState().actions.previous();
      store.getState().actions.previous();
      expect(store.getState()).toMatchObject({ phase: 'ready', row: null });
      store.getState().actions.next();
      store.getState().actions.restart();
      expect(store.getState()).toMatchObject({ phase: 'ready', row: null });
      expect(clock.waiting()).toEqual([]);
      stop();
    });

    it('does not pause on a moment it was moved to by hand', async () => {
      const { store, stop } = await presenter();
      store.getState().actions.next();
      store.getState().actions.next();
      expect(store.getState()).toMatchObject({ row: 1, pausedFor: null });
      stop();
    });

    it('plays again from the closing slide', async () => {
      const { store, stop, clock } = await presenter();
      for (let i = 0; i < 4; i++) store.getState().actions.next();
      expect(store.getState().phase).toBe('closing');
      store.getState().actions.playAgain();
      expect(store.getState()).toMatchObject({ phase: 'playing', row: 0 });
      expect(clock.waiting()).toHaveLength(1);
      stop();
    });

    it('leaves the closing slide for the last row', async () => {
      const { store, stop } = await presenter();
      for (let i = 0; i < 4; i++) store.getState().actions.next();
      store.getState().actions.leaveClosing();
      expect(store.getState()).toMatchObject({ phase: 'paused', row: 2 });
      stop();
    });

    it('ignores playback while the lanes record', () => {
      const clock = manualTimer();
      const store = createPresenterStore({
        scenarios,
        source: { demo: demoById('react-vs-reflact') },
        timer: clock.timer,
      });
      store.getState().actions.play();
      store.getState().actions.next();
      expect(store.getState()).toMatchObject({ phase: 'preparing', row: null });
      expect(clock.waiting()).toEqual([]);
    });
  });

  describe('when it presents two compare lanes', () => {
    it('names them from their settings and measures the second against the first', async () => {
      const lanes = parseLaneTokens(['react+off', 'react+adaptive']);
      if (!lanes) throw new Error('tokens did not parse');
      const { store, stop } = await presenter({
        scenarioId: 'rca-search-stall',
        lanes: [lanes[0]!, lanes[1]!],
      });
      const state = store.getState();
      expect(state.title).toBe('ReAct · reflection off vs ReAct · adaptive');
      expect(state.demoId).toBeNull();
      expect(state.presentation?.closing.lanes.map((lane) => lane.words)).toEqual([
        'Stalled: no answer',
        'Correct answer',
      ]);
      stop();
    });
  });

  describe('when it is started again after a cleanup (a remount)', () => {
    it('records once and plays', async () => {
      const clock = manualTimer();
      const store = createPresenterStore({
        scenarios,
        source: { demo: demoById('adaptive-vs-fixed') },
        timer: clock.timer,
      });
      store.getState().actions.start()();
      const stop = store.getState().actions.start();
      await recorded(store);
      expect(store.getState().phase).toBe('ready');
      expect(store.getState().presentation?.rows[3]?.moment).toBe(
        'Fixed cadence reflects and the runs part ways',
      );
      stop();
    });
  });
});
