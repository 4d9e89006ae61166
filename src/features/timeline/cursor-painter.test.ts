import { describe, expect, it } from 'vitest';
import { createCursorPainter, type PaintedCell, type PaintedStrip } from './cursor-painter';

/** A cell that counts the writes made to it. */
function fakeCell(index: number) {
  const attributes = new Map<string, string>([['aria-selected', 'false']]);
  const cell = {
    id: `cell-${index}`,
    writes: 0,
    attributes,
    setAttribute(name: string, value: string) {
      cell.writes += 1;
      attributes.set(name, value);
    },
    removeAttribute(name: string) {
      cell.writes += 1;
      attributes.delete(name);
    },
  };
  return cell satisfies PaintedCell;
}

function fakeStrip(): PaintedStrip & { attributes: Map<string, string> } {
  const attributes = new Map<string, string>();
  return {
    attributes,
    setAttribute: (name, value) => void attributes.set(name, value),
    removeAttribute: (name) => void attributes.delete(name),
  };
}

function setUp(count: number) {
  const cells = Array.from({ length: count }, (_, index) => fakeCell(index));
  const strip = fakeStrip();
  const scrubber = {
    value: '0',
    valuetext: '',
    setAttribute: (_: string, v: string) => void (scrubber.valuetext = v),
  };
  const position = { textContent: '' as string | null };
  const revealed: number[] = [];
  const painter = createCursorPainter({
    strip: () => strip,
    cellAt: (index) => cells[index] ?? null,
    reveal: (index) => revealed.push(index) > 0,
    scrubber: () => scrubber,
    position: () => position,
  });
  return { cells, strip, scrubber, position, painter, revealed };
}

const current = (cells: ReturnType<typeof fakeCell>[]) =>
  cells.filter((cell) => cell.attributes.has('data-current')).map((cell) => cell.id);

describe('stepping through a 300-step run', () => {
  it('writes to the old and the new cell only, never to the other 298', () => {
    const { cells, painter } = setUp(300);
    painter.paint({ index: 0, text: 'Step 1 of 300' });
    for (const cell of cells) cell.writes = 0;

    for (let index = 1; index < 300; index += 1) {
      const before = cells.map((cell) => cell.writes);
      painter.paint({ index, text: `Step ${index + 1} of 300` });
      const touched = cells.filter((cell, at) => cell.writes !== before[at]).map((c) => c.id);
      expect(touched).toEqual([`cell-${index - 1}`, `cell-${index}`]);
    }
    expect(current(cells)).toEqual(['cell-299']);
  });

  it('marks exactly one cell as current and selected, and points the listbox at it', () => {
    const { cells, strip, painter } = setUp(10);
    painter.paint({ index: 3, text: 'Step 4 of 10' });
    painter.paint({ index: 7, text: 'Step 8 of 10' });
    expect(current(cells)).toEqual(['cell-7']);
    expect(cells.filter((cell) => cell.attributes.get('aria-selected') === 'true')).toHaveLength(1);
    expect(strip.attributes.get('aria-activedescendant')).toBe('cell-7');
  });

  it('does nothing to the cells when the cursor stays', () => {
    const { cells, painter } = setUp(5);
    painter.paint({ index: 2, text: 'Step 3 of 5' });
    const writes = cells.map((cell) => cell.writes);
    painter.paint({ index: 2, text: 'Step 3 of 5' });
    expect(cells.map((cell) => cell.writes)).toEqual(writes);
  });
});

describe('the scrubber and the step text', () => {
  it('follow the cursor', () => {
    const { scrubber, position, painter } = setUp(5);
    painter.paint({ index: 1, text: 'Step 2 of 5 · reflection (stall)' });
    expect(scrubber.value).toBe('1');
    expect(scrubber.valuetext).toBe('Step 2 of 5 · reflection (stall)');
    expect(position.textContent).toBe('Step 2 of 5 · reflection (stall)');
  });

  it('clear the marks when there is no step', () => {
    const { cells, strip, painter } = setUp(5);
    painter.paint({ index: 4, text: 'Step 5 of 5' });
    painter.paint({ index: null, text: 'No steps yet' });
    expect(current(cells)).toEqual([]);
    expect(strip.attributes.has('aria-activedescendant')).toBe(false);
  });
});

describe('following a live run', () => {
  it('moves the mark to a cell that appeared after the last paint', () => {
    const cells = [fakeCell(0), fakeCell(1)];
    const painter = createCursorPainter({
      strip: () => null,
      cellAt: (index) => cells[index] ?? null,
      reveal: () => true,
      scrubber: () => null,
      position: () => null,
    });
    painter.paint({ index: 1, text: 'Step 1 · 2 of 2 · live' });
    cells.push(fakeCell(2));
    painter.paint({ index: 2, text: 'Step 2 · 3 of 3 · live' });
    expect(current(cells)).toEqual(['cell-2']);
  });
});

describe('a virtualised strip', () => {
  it('asks to bring the cursor step into view once per move, not on a repaint', () => {
    const { painter, revealed } = setUp(300);
    painter.paint({ index: 50, text: '' });
    painter.paint({ index: 50, text: '' });
    painter.paint({ index: 2, text: '' });
    painter.paint({ index: null, text: 'No steps yet' });
    expect(revealed).toEqual([50, 2]);
  });

  it('marks the cursor cell once it is drawn, and drops a cell scrolled out of the DOM', () => {
    const drawn = new Map<number, ReturnType<typeof fakeCell>>();
    const strip = fakeStrip();
    const asked: number[] = [];
    let stripDrawn = false;
    const painter = createCursorPainter({
      strip: () => strip,
      cellAt: (index) => drawn.get(index) ?? null,
      reveal: (index) => {
        asked.push(index);
        return stripDrawn;
      },
      scrubber: () => null,
      position: () => null,
    });
    // Before the strip is drawn the move cannot scroll: the next paint asks again, once.
    painter.paint({ index: 99_999, text: 'Step 99999' });
    expect(strip.attributes.has('aria-activedescendant')).toBe(false);
    stripDrawn = true;
    painter.paint({ index: 99_999, text: 'Step 99999' });
    painter.paint({ index: 99_999, text: 'Step 99999' });
    expect(asked).toEqual([99_999, 99_999]);
    const last = fakeCell(99_999);
    drawn.set(99_999, last);
    painter.paint({ index: 99_999, text: 'Step 99999' });
    expect(last.attributes.get('aria-selected')).toBe('true');
    expect(strip.attributes.get('aria-activedescendant')).toBe('cell-99999');
    drawn.delete(99_999);
    painter.paint({ index: 99_999, text: 'Step 99999' });
    expect(strip.attributes.has('aria-activedescendant')).toBe(false);
  });
});
