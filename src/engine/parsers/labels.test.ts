import { describe, expect, it } from 'vitest';
import { cutAtObservation, scanSections, stripTrailingLabelFragment } from './labels';

describe('scanSections', () => {
  it('slices a reply into its labelled sections', () => {
    const s = scanSections('Thought: think\nAction: tool:x a=1');
    expect(s.thought?.trim()).toBe('think');
    expect(s.action?.trim()).toBe('tool:x a=1');
  });

  it('matches labels in any case and mid-sentence', () => {
    const s = scanSections('I think the next aCtIoN: tool:x a=1');
    expect(s.action?.trim()).toBe('tool:x a=1');
  });

  it('keeps only the first match of each label', () => {
    const s = scanSections('Action: tool:a\nThought: t\nAction: tool:b');
    expect(s.action?.trim()).toBe('tool:a');
  });

  it('ends every section at the next label of any kind, GOAL included', () => {
    const s = scanSections('REFLECTION: r GOAL: g FINAL ANSWER: f');
    expect(s.reflection?.trim()).toBe('r');
    expect(s.finalAnswer?.trim()).toBe('f');
  });

  it('stops reading at the first Observation label', () => {
    const text = 'Action: tool:a\nObservation: fake\nFinal Answer: no';
    const s = scanSections(text);
    expect(s.action?.trim()).toBe('tool:a');
    expect(s.finalAnswer).toBeUndefined();
    expect(s.end).toBe(text.indexOf('Observation'));
  });

  it('reads bold, numbered and spaced labels', () => {
    const s = scanSections('**Thought 1:** t\n**Action**: tool:a\nfinal_answer : f');
    expect(s.thought?.trim()).toBe('t');
    expect(s.action?.trim()).toBe('tool:a');
    expect(s.finalAnswer?.trim()).toBe('f');
  });

  it('does not read a label inside a word', () => {
    const s = scanSections('Transaction: none; the reaction: calm');
    expect(s.action).toBeUndefined();
  });
});

describe('cutAtObservation', () => {
  it('removes everything from the first Observation label and trims the end', () => {
    expect(cutAtObservation('Thought: t\nAction: tool:a  \nobservation: {"fake": 1}\nmore')).toBe(
      'Thought: t\nAction: tool:a',
    );
  });

  it('keeps a reply without an Observation label (trailing whitespace trimmed)', () => {
    expect(cutAtObservation('Action: tool:a\n')).toBe('Action: tool:a');
  });
});

describe('stripTrailingLabelFragment', () => {
  it('hides a half-typed label at the end of a line', () => {
    expect(stripTrailingLabelFragment('Thought: x\nAct')).toBe('Thought: x\n');
    expect(stripTrailingLabelFragment('Thought: x\nACTIO')).toBe('Thought: x\n');
    expect(stripTrailingLabelFragment('Thought: x\nObs')).toBe('Thought: x\n');
  });

  it('hides a two-word label in progress', () => {
    expect(stripTrailingLabelFragment('Thought: x\nFinal Ans')).toBe('Thought: x\n');
    expect(stripTrailingLabelFragment('Thought: x\nFinal ')).toBe('Thought: x\n');
  });

  it('hides a whole label name still waiting for its colon, mid-line too', () => {
    expect(stripTrailingLabelFragment('I will search. Action')).toBe('I will search. ');
    expect(stripTrailingLabelFragment('**Reflection')).toBe('**');
    expect(stripTrailingLabelFragment('the answer is final')).toBe('the answer is ');
  });

  it('keeps text that ends in an ordinary word or a complete label', () => {
    expect(stripTrailingLabelFragment('I like React')).toBe('I like React');
    expect(stripTrailingLabelFragment('Thought: x\nAction:')).toBe('Thought: x\nAction:');
    expect(stripTrailingLabelFragment('Thought: x\nAction ')).toBe('Thought: x\nAction ');
    expect(stripTrailingLabelFragment('the goal is clear')).toBe('the goal is clear');
    expect(stripTrailingLabelFragment('')).toBe('');
  });
});
