import { describe, expect, it } from 'vitest';
import { ModelError } from '../spec';
import { checkStreamError } from './chunks';
import { sentence, statusError, triesSummary } from './errors';

const said = (message: string) => ({ message, code: null });

describe('the server’s own words inside our sentences', () => {
  it('a message that already ends with a period gets no second one', () => {
    expect(statusError(400, said('No model provided.')).message).toContain(
      '(400): No model provided. If it mentions stream_options',
    );
    expect(statusError(422, said('Field messages is required.')).message).toBe(
      'The server could not process the request (422): Field messages is required.',
    );
    let thrown: unknown = null;
    try {
      checkStreamError({ error: { message: 'Context length exceeded.' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ModelError);
    expect((thrown as ModelError).message).toBe(
      "The server reported an error in the middle of the stream: Context length exceeded. Try again; check the server's log if it keeps happening.",
    );
  });

  it('a message without final punctuation gets a period; ! ? and … are kept as they are', () => {
    expect(statusError(422, said('bad field')).message).toMatch(/\(422\): bad field\.$/);
    expect(statusError(400, said('')).message).toContain('(400): no reason given. If');
    expect(sentence('Slow down!')).toBe('Slow down!');
    expect(sentence('Which model?')).toBe('Which model?');
    expect(sentence('and so on…')).toBe('and so on…');
    expect(sentence('done')).toBe('done.');
  });
});

describe('what each try got', () => {
  it('names every try in order; a single try needs no summary', () => {
    expect(triesSummary(['404'])).toBe('');
    expect(triesSummary(['500', '404'])).toBe('500, then 404 on retry');
    expect(triesSummary(['429', '503', '500', '502'])).toBe(
      '429, then 503, 500 and 502 on retries',
    );
    expect(statusError(401, said(''), ['503', '401']).message).toMatch(
      /^Tries: 503, then 401 on retry\. The server answered 401 Unauthorized/,
    );
    expect(statusError(401, said(''), ['503', '401']).code).toBe('http_401');
  });
});
