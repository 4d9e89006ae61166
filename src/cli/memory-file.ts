/**
 * `loop run … --memory FILE`: the reflection memory as a LiTS-style JSONL file. Before the run its
 * reflections are read (as `cross_task` history sees them; a bad line is reported on stderr and
 * skipped); after it the run's new reflections are appended. The file is created when missing
 * and never rewritten: lines already there, good or bad, stay as they are.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import {
  describeJsonlProblems,
  readReflectionsJsonl,
  writeReflectionsJsonl,
  type ReflectionEntry,
  type StoredReflection,
} from '../engine';
import { UsageError } from './args';
import { readUserFile } from './files';
import { userPath } from './user-path';

export interface MemoryFile {
  readonly reflections: readonly StoredReflection[];
  /** One line per bad line of the file ("line 3: not JSON"). */
  readonly problems: readonly string[];
}

/** Reads the memory file; a missing file is an empty memory (the run creates it). */
export function readMemoryFile(argument: string): MemoryFile {
  if (!existsSync(userPath(argument))) return { reflections: [], problems: [] };
  const read = readReflectionsJsonl(readUserFile(argument, '--memory: '));
  return { reflections: read.reflections, problems: describeJsonlProblems(read.problems) };
}

/** Appends the run's new reflections, stamped `at`; a file not ending in a newline gets one first. */
export function appendMemoryFile(
  argument: string,
  entries: readonly ReflectionEntry[],
  at: Date,
): void {
  if (entries.length === 0 && existsSync(userPath(argument))) return;
  const file = userPath(argument);
  const timestamp = at.toISOString();
  const text = writeReflectionsJsonl(entries.map((entry) => ({ ...entry, timestamp })));
  try {
    const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const gap = before !== '' && !before.endsWith('\n') ? '\n' : '';
    appendFileSync(file, `${gap}${text}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--memory: cannot write ${argument} (${reason})`);
  }
}
