/**
 * Browser persistence: the runs library in IndexedDB through Dexie. The app opens it
 * (`openRunLibrary`) and gives the port to the state layer's library store; nothing else here.
 */
export { openLibraryDatabase, openRunLibrary, type RunLibraryOptions } from './dexie-library';
export { openReflections } from './dexie-reflections';
export { KeptFileError } from './kept-file';
export { shellOf } from './record-shell';
export {
  DEFAULT_DATABASE_NAME,
  declareSchema,
  declareVersion1,
  declareVersion2,
  SCHEMA_VERSION,
  VERSION_1_STORES,
  VERSION_2_STORES,
  VERSION_3_STORES,
  type LibraryDatabase,
  type RecordRow,
  type ReflectionRow,
  type ScenarioRow,
  type SettingRow,
  type SummaryRow,
} from './library-schema';
export { storageErrorOf } from './storage-errors';
