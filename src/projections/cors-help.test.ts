import { describe, expect, it } from 'vitest';
import { corsHelp } from './cors-help';

describe('corsHelp', () => {
  it('tells each local server how to allow the origin, with an example that names it', () => {
    const hints = corsHelp('http://127.0.0.1:5173');
    expect(hints.map((hint) => hint.server)).toEqual(['llama.cpp', 'Ollama', 'vLLM']);
    for (const hint of hints) {
      expect(hint.example).toContain('http://127.0.0.1:5173');
      expect(hint.example).toContain(hint.setting);
    }
  });
});
