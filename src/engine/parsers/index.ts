/** The parsers of the loop engine's text protocol: replies, reflections and streaming helpers. */
export { ParseError, parseReply } from './parse-reply';
export type { ParsedReply, ParseErrorCode, ParseOutcome } from './parse-reply';
export { parseReflectionParts, parseReflectionPhase } from './reflection';
export { cutAtObservation, stripTrailingLabelFragment } from './labels';
