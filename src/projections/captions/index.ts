/**
 * Plain-English captions of recorded runs for people who do not build agents (the presenter):
 * what a step did in words, why a reflection happened and what it concluded, what a guard
 * stopped, whether an answer is right, and — for two or more lanes at an aligned row — where
 * the runs part ways. Pure: text only (rendered as React text), no React.
 */
export type {
  CaptionKind,
  CaptionLane,
  Phrase,
  QuoteLabel,
  RowCaption,
  StepCaption,
} from './types';
export { thirdPerson } from './words';
export { describeCall } from './tool-calls';
export { reflectionConclusion } from './reflections';
export { GUARD_NAME } from './guards';
export { stepCaption } from './step-caption';
export { rowCaption } from './row-caption';
