/** The scenario file's format name and version: apart from the schema, so naming them loads no zod. */

/** The only scenario format version this build reads. */
export const SCENARIO_VERSION = 1;
export const SCENARIO_FORMAT = 'loopscope.scenario';
