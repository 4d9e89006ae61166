/** Whether the compare view shows recorded lanes read-only (the share page): nothing runs. */
import { createContext, useContext } from 'react';

export const ReadOnlyContext = createContext(false);

/** True inside a read-only compare view: no Run, settings, remove or fork controls. */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}
