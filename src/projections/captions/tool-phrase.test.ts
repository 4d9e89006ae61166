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
      rest: 'the logs of search api (today)',
      noun: 'log search',
    });
    expect(toolCallWords(spec, { service: 'gateway', window: '' }).rest).toBe(
      'the logs of gateway',
    );
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
