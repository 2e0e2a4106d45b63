import {
  ClientRequestSchema,
  ErrorCode,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

/** The schema of each request a client may send, by its method. */
const REQUEST_SCHEMAS: ReadonlyMap<string, (typeof ClientRequestSchema.options)[number]> = new Map(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

/** A JSON-RPC error answer to one message. */
export interface MessageFault {
  id: string | number | null;
  code: number;
  message: string;
}

function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** "params.name: expected string" for the first issue of a failed parse. */
function firstIssue(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  const at = issue.path.map(String).join('.');
  return `${at === '' ? 'the message' : at}: ${issue.message.replace(/^Invalid input: /u, '')}`;
}

/**
 * What is wrong with one message a client sent, as JSON-RPC says it: not a JSON-RPC message at all
 * (a wrong `jsonrpc`, an `id` that is an object) is an Invalid Request (-32600); a request of a
 * method MCP knows whose params break its shape is Invalid params (-32602), naming the first
 * place. Null when the message may go on to the server. (Left alone, the SDK calls the first a
 * parse error and the second an internal error, with its validator's whole report as the text.)
 */
export function messageFault(message: unknown): MessageFault | null {
  if (!JSONRPCMessageSchema.safeParse(message).success) {
    return {
      id: idOf(message),
      code: ErrorCode.InvalidRequest,
      message: 'Invalid Request: not a JSON-RPC 2.0 message',
    };
  }
  const { method } = message as { method?: unknown };
  if (typeof method !== 'string' || !('id' in (message as object))) return null;
  const schema = REQUEST_SCHEMAS.get(method);
  if (!schema) return null;
  const parsed = schema.safeParse(message);
  if (parsed.success) return null;
  return {
    id: idOf(message),
    code: ErrorCode.InvalidParams,
    message: `Invalid params: ${firstIssue(parsed.error.issues)}`,
  };
}

/** A JSON object (as `JSON.parse` makes them): not null, not a list. */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A `tools/call` message with its tool's arguments set apart. The SDK reads params with zod, which
 * takes an object with a member named `constructor` for no object at all (a -32602 "expected
 * record") and turns a member named `__proto__` into the parsed object's prototype (the member is
 * gone, so a tool took what REST refuses). Arguments are the tool's to check, as REST checks a
 * body: the SDK sees `{}` in their place, and the tool gets them as they were sent. Arguments that
 * are no object stay in the message, for the SDK's -32602.
 */
export function argumentsApart(message: unknown): {
  message: unknown;
  toolArguments: Record<string, unknown> | undefined;
} {
  if (!isJsonObject(message) || message['method'] !== 'tools/call')
    return { message, toolArguments: undefined };
  const params = message['params'];
  if (!isJsonObject(params) || !isJsonObject(params['arguments']))
    return { message, toolArguments: undefined };
  return {
    message: { ...message, params: { ...params, arguments: {} } },
    toolArguments: params['arguments'],
  };
}

/**
 * The message without a request's task augmentation (`params.task`, MCP 2025-11-25). Larder
 * declares no tasks capability, and a receiver that declares none processes the request as usual,
 * ignoring the augmentation; left in, the SDK answers an internal error (-32603).
 */
export function withoutTask(message: unknown): unknown {
  const params = (message as { params?: unknown }).params;
  if (typeof params !== 'object' || params === null || !('task' in params)) return message;
  const { task: _ignored, ...rest } = params as Record<string, unknown>;
  return { ...(message as object), params: rest };
}

/** The JSON-RPC answer to a faulty message. */
export function faultAnswer(fault: MessageFault): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id: fault.id,
    error: { code: fault.code, message: fault.message },
  } as JSONRPCMessage;
}
