import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { LibraryStorageError } from '../state';
import { storageErrorOf } from './storage-errors';

const dom = (name: string, message = name) => new DOMException(message, name);

describe('what storage threw, as the problem a user reads', () => {
  it('is full for a quota error, also when Chrome wraps it in an AbortError', () => {
    expect(storageErrorOf(dom('QuotaExceededError'), 'use').code).toBe('full');
    const aborted = new Dexie.AbortError('Transaction aborted', dom('QuotaExceededError'));
    expect(storageErrorOf(aborted, 'use').code).toBe('full');
    expect(storageErrorOf(new Dexie.QuotaExceededError('no room'), 'use').code).toBe('full');
    const full = storageErrorOf(dom('QuotaExceededError'), 'use');
    expect(full.message).toMatch(/no room left.*Clear old runs/);
  });

  it('is refused when opening fails for the browser’s reasons', () => {
    expect(storageErrorOf(dom('SecurityError'), 'open').code).toBe('refused');
    expect(storageErrorOf(new Dexie.MissingAPIError('no indexedDB'), 'open').code).toBe('refused');
    expect(
      storageErrorOf(new Dexie.OpenFailedError('failed', dom('UnknownError')), 'open').code,
    ).toBe('refused');
  });

  it('is newer for a VersionError, broken when our own migration fails', () => {
    expect(storageErrorOf(dom('VersionError'), 'open').code).toBe('newer');
    expect(storageErrorOf(new Dexie.UpgradeError('upgrade failed'), 'open').code).toBe('broken');
  });

  it('is blocked when the database was closed under us (another tab upgraded it)', () => {
    expect(storageErrorOf(new Dexie.DatabaseClosedError(), 'use').code).toBe('blocked');
    expect(storageErrorOf(new Dexie.VersionChangeError('changed'), 'use').code).toBe('blocked');
  });

  it('is broken for anything else, keeping what was thrown for a developer', () => {
    const thrown = dom('DataCloneError', 'could not be cloned');
    const error = storageErrorOf(thrown, 'use');
    expect(error).toBeInstanceOf(LibraryStorageError);
    expect(error.code).toBe('broken');
    expect(error.cause).toBe(thrown);
    expect(storageErrorOf('a string', 'use').code).toBe('broken');
  });

  it('passes a library error through as it is', () => {
    const given = new LibraryStorageError('newer', 'as said');
    expect(storageErrorOf(given, 'use')).toBe(given);
  });
});
