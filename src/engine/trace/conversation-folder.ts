/**
 * Folding each model call's messages (Trace JSON v1 writes them out per call) into shared
 * conversations: a call whose messages extend, equal or are a prefix of a known conversation
 * shares it (the latest such, if several); otherwise it starts a new one. Pure.
 *
 * The conversations are kept as a trie of messages (by canonical JSON), so a call costs its own
 * messages, whatever came before: scanning every known conversation was quadratic for a trace
 * whose calls do not extend each other (an agent that sends each call a short window, not the
 * whole history: 50,000 such calls took a minute). Since a call joins any conversation it is a
 * prefix or an extension of, no conversation is ever a prefix of another; so a walk down the
 * trie meets at most one conversation's end, and that one is the only match.
 */
import { canonicalJson } from '../tools/json';
import type { Message } from '../types';
import type { ContextRef } from './types';

interface TrieNode {
  readonly children: Map<string, TrieNode>;
  /** The latest conversation whose messages run through (or end at) this node. */
  latest: number;
  /** The conversation whose messages end here, or -1 (at most one: none is another's prefix). */
  ends: number;
}

const node = (latest: number): TrieNode => ({ children: new Map(), latest, ends: -1 });

export class ConversationFolder {
  readonly conversations: Message[][] = [];
  private readonly root = node(-1);

  /** The call's context in the conversations: the one it joins (extending it), or a new one. */
  place(messages: readonly Message[]): ContextRef {
    const keys = messages.map((item) => canonicalJson(item));
    let at = this.root;
    let depth = 0;
    for (;;) {
      if (at.ends >= 0) {
        // A conversation that is a prefix of (or equal to) this call: extend it.
        const index = at.ends;
        if (depth < keys.length) {
          at.ends = -1;
          this.grow(at, keys, depth, index).ends = index;
          this.conversations[index]!.push(...messages.slice(depth));
        }
        return { conversation: index, length: messages.length };
      }
      if (depth === keys.length) break;
      const next = at.children.get(keys[depth]!);
      if (!next) break;
      at = next;
      depth++;
    }
    if (depth === keys.length && at.latest >= 0) {
      // Every conversation through here extends this call: the latest one holds it.
      return { conversation: at.latest, length: messages.length };
    }
    const index = this.conversations.length;
    this.conversations.push([...messages]);
    for (let up = this.root, k = 0; ; k++) {
      up.latest = index;
      if (k === depth) break;
      up = up.children.get(keys[k]!)!;
    }
    this.grow(at, keys, depth, index).ends = index;
    return { conversation: index, length: messages.length };
  }

  /** Adds `keys[from…]` below `at` for conversation `index`; the last node. */
  private grow(at: TrieNode, keys: readonly string[], from: number, index: number): TrieNode {
    let last = at;
    for (let k = from; k < keys.length; k++) {
      const next = node(index);
      last.children.set(keys[k]!, next);
      last = next;
    }
    return last;
  }
}
