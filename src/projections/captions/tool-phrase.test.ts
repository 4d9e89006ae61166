import { describe, expect, it } from 'vitest';
import { defaultCallWords, toolCallWords } from './tool-phrase';

const parameters = { type: 'object' };

describe('a call of a tool without a phrase', () => {
  it('reads the name as words, its first word the verb', () => {
    expect(defaultCallWords('search_orders', {})).toEqual({
      verb: 'search',
      rest: 'orders',
      noun: 'tool call',
    });
    expect(defaultCallWords('fetchInvoicePdf', {})).toMatchObject({
      verb: 'fetch',
      rest: 'invoice pdf',
    });
    expect(defaultCallWords('crm.lookup-customer', {})).toMatchObject({
      verb: 'use',
      rest: 'crm lookup customer',
    });
  });

  it('lists up to three arguments: text quoted, numbers plain, a true flag by its name', () => {
    const args = { query: 'late parcels', limit: 5, exact: true, archived: false, page: 2 };
    expect(defaultCallWords('search_orders', args).rest).toBe(
      'orders with query “late parcels”, limit 5, exact',
    );
  });
});

describe('a call of a tool with a phrase', () => {
  const spec = {
    name: 'search_logs',
    description: '',
    parameters,
    phrase: { words: 'read the logs of {service}[ ({window})]', noun: 'log search' },
  };

  it('fills in the arguments and keeps an optional part only when its argument has a value', () => {
    expect(toolCallWords(spec, { service: 'search_api', window: 'today' })).toEqual({
      verb: 'read',
      rest: 'the logs of search_api (today)',
      noun: 'log search',
    });
    expect(toolCallWords(spec, { service: 'gateway', window: '' }).rest).toBe(
      'the logs of gateway',
    );
  });

  it('reads a value by the phrase’s term for it, and an identifier without one as given', () => {
    const metrics = {
      name: 'get_metrics',
      description: '',
      parameters,
      phrase: {
        words: 'check the {metric} metric',
        terms: { db_pool_wait_ms: 'DB pool wait (ms)' },
      },
    };
    expect(toolCallWords(metrics, { metric: 'db_pool_wait_ms' }).rest).toBe(
      'the DB pool wait (ms) metric',
    );
    // Never "lock wait ms": words a person would not write. The presenter sets it as code.
    expect(toolCallWords(metrics, { metric: 'lock_wait_ms' }).rest).toBe('the lock_wait_ms metric');
    // A term names a whole value, not a piece of one, and nothing inherited.
    expect(toolCallWords(metrics, { metric: 'constructor' }).rest).toBe('the constructor metric');
  });

  it('reads as the default where the phrase cannot: a missing argument, malformed words', () => {
    expect(toolCallWords(spec, { window: 'today' })).toEqual(
      defaultCallWords('search_logs', { window: 'today' }),
    );
    const broken = { ...spec, phrase: { words: 'read {service' } };
    expect(toolCallWords(broken, { service: 'x' })).toEqual(
      defaultCallWords('search_logs', { service: 'x' }),
    );
  });
});
