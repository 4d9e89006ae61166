import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../tools/json';
import type { Message } from '../types';
import { ConversationFolder } from './conversation-folder';
import type { ContextRef } from './types';

/** The plain scan the trie replaced: the latest conversation that agrees over the shorter length. */
class ScanningFolder {
  readonly conversations: Message[][] = [];
  private readonly keys: string[][] = [];

  place(messages: readonly Message[]): ContextRef {
    const keys = messages.map((item) => canonicalJson(item));
    for (let index = this.keys.length - 1; index >= 0; index--) {
      const known = this.keys[index]!;
      const shared = Math.min(known.length, keys.length);
      let same = true;
      for (let k = 0; k < shared && same; k++) same = known[k] === keys[k];
      if (!same) continue;
      if (keys.length > known.length) {
        const before = known.length;
        known.push(...keys.slice(before));
        this.conversations[index]!.push(...messages.slice(before));
      }
      return { conversation: index, length: messages.length };
    }
    this.keys.push(keys);
    this.conversations.push([...messages]);
    return { conversation: this.keys.length - 1, length: messages.length };
  }
}

const user = (content: string): Message => ({ role: 'user', content });
const tool = (content: string): Message => ({ role: 'tool', content, toolCallId: 'c' });

function fold(calls: readonly (readonly Message[])[]) {
  const folder = new ConversationFolder();
  const contexts = calls.map((messages) => folder.place(messages));
  return { contexts, conversations: folder.conversations };
}

describe('folding calls into conversations', () => {
  it('shares one conversation between calls that extend each other', () => {
    const [a, b, c] = [user('task'), tool('one'), tool('two')];
    expect(fold([[a], [a, b], [a, b, c], [a, b]])).toEqual({
      contexts: [
        { conversation: 0, length: 1 },
        { conversation: 0, length: 2 },
        { conversation: 0, length: 3 },
        { conversation: 0, length: 2 },
      ],
      conversations: [[a, b, c]],
    });
  });

  it('starts a conversation for each call that extends none (a short window per call)', () => {
    const task = user('task');
    const calls = [1, 2, 3].map((n) => [task, tool(`result ${n}`)]);
    const { contexts, conversations } = fold(calls);
    expect(contexts.map((context) => context.conversation)).toEqual([0, 1, 2]);
    expect(conversations).toEqual(calls);
  });

  it('gives a prefix of several conversations the latest, as the scan did', () => {
    const [a, b, c] = [user('a'), tool('b'), tool('c')];
    expect(fold([[a, b], [a, c], [a], []]).contexts).toEqual([
      { conversation: 0, length: 2 },
      { conversation: 1, length: 2 },
      { conversation: 1, length: 1 },
      { conversation: 1, length: 0 },
    ]);
  });

  it('places every call where the plain scan of every conversation placed it', () => {
    // Few distinct messages, so calls often extend, repeat or cut each other's messages.
    const message = fc.constantFrom(user('a'), user('b'), tool('x'), tool('y'));
    const calls = fc.array(fc.array(message, { maxLength: 6 }), { maxLength: 30 });
    fc.assert(
      fc.property(calls, (list) => {
        const scan = new ScanningFolder();
        const expected = list.map((messages) => scan.place(messages));
        expect(fold(list)).toEqual({ contexts: expected, conversations: scan.conversations });
      }),
      { numRuns: 500 },
    );
  });
});
