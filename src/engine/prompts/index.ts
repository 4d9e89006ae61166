export { systemPrompt, toolList } from './system';
export {
  REFLECTION_PROMPT,
  CONTINUE_PROMPT,
  observationMessage,
  repromptMessage,
  earlyAnswerPrompt,
} from './turns';
