/**
 * The attribute names Loopscope's OpenTelemetry export writes and its importer reads: the GenAI
 * semantic conventions it uses, and Loopscope's own, which let a re-import restore the phase view
 * exactly. One list, so the exporter and the importer cannot drift apart.
 */

/** OpenTelemetry GenAI semantic conventions (current names). */
export const GEN_AI = Object.freeze({
  operationName: 'gen_ai.operation.name',
  system: 'gen_ai.system',
  providerName: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  agentName: 'gen_ai.agent.name',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  systemInstructions: 'gen_ai.system_instructions',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  toolDefinitions: 'gen_ai.tool.definitions',
  conversationId: 'gen_ai.conversation.id',
});

/** `gen_ai.operation.name` values Loopscope writes (and the importer maps). */
export const OPERATION = Object.freeze({
  chat: 'chat',
  executeTool: 'execute_tool',
  invokeAgent: 'invoke_agent',
});

/** Loopscope's own attributes: enough to restore each step exactly on re-import. */
export const LOOPSCOPE = Object.freeze({
  /** On the invoke_agent span: the scenario id. */
  scenario: 'loopscope.scenario',
  /** On the invoke_agent span: the run's LoopConfig as JSON. */
  config: 'loopscope.config',
  /** On the invoke_agent span: the stop reason. */
  stopReason: 'loopscope.stop_reason',
  /** On every step span: the step's index in the run. */
  stepIndex: 'loopscope.step.index',
  /** On every step span: the attempt (1-based). */
  attempt: 'loopscope.step.attempt',
  phase: 'loopscope.step.phase',
  kind: 'loopscope.step.kind',
  trigger: 'loopscope.step.trigger',
  /** The policy outcome: allowed | denied, and the guard that denied. */
  policyOutcome: 'loopscope.policy.outcome',
  guard: 'loopscope.policy.guard',
  /**
   * The whole step as Trace JSON v2 writes it (its call's `context` points into the run's
   * conversations), its call's `messages` written out as in Trace JSON v1 too, so a re-import
   * loses nothing the inspector shows.
   */
  step: 'loopscope.step.json',
  /**
   * On the invoke_agent span: the run's Trace JSON v2 without its `steps` (conversations, metrics,
   * path, outcome, `scenarioDefinition`): with the steps' JSON it is the native file again.
   */
  run: 'loopscope.run.json',
});
