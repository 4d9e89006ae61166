/** Shared value types of the engine: messages, tool calls, actions, observations. */

export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** One chat message as sent to a model. `toolCalls` / `toolCallId` only for the `tools` protocol. */
export interface Message {
  readonly role: Role;
  readonly content: string;
  readonly toolCalls?: readonly { id: string; name: string; arguments: string }[];
  readonly toolCallId?: string;
}

/** A JSON Schema object as a scenario declares a tool's parameters. */
export type JsonSchema = { readonly [key: string]: unknown };

export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

export interface ToolCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** What the model chose to do in one reply. */
export type Action =
  | { readonly kind: 'tool'; readonly call: ToolCall }
  | { readonly kind: 'answer'; readonly text: string }
  | { readonly kind: 'escalate'; readonly reason: string };

/** The three parts of a ReflAct state-grounded reflection. */
export interface ReflectionParts {
  readonly state: string;
  readonly discovery: string;
  readonly goalRelation: string;
}

/** What a tool executor returns. Only the executor mints observations. */
export interface ToolResult {
  readonly ok: boolean;
  readonly result: unknown;
}

export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}
