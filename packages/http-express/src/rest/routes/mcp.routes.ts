import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { argumentsApart, faultAnswer, messageFault, withoutTask } from '../../mcp/message-check.js';
import { announcesMoreThan } from '../announced-length.js';
import { PUBLIC, tokenOnly } from '../../operations/operation.js';
import { mcpServer } from '../../mcp/mcp-server.js';
import { mcpTools } from '../../mcp/tools.js';
import { problem } from '../problem.js';
import { dropUnreadBody } from '../unread-body.js';
import { VERSION } from './service.routes.js';
import type { RestRouteModule } from './route-module.js';
import { MCP_PATH } from '../api-address.js';

const BOTH = 'application/json, text/event-stream';

/**
 * The answers here are always JSON, never a stream: a client that accepts JSON (or anything) is
 * served whether or not it also names event streams, as the protocol asks clients to. A client
 * that accepts neither still gets the SDK's 406.
 */
function acceptJson(req: IncomingMessage): void {
  const accept = req.headers.accept ?? '*/*';
  if (accept.includes('application/json') && accept.includes('text/event-stream')) return;
  if (!/application\/json|application\/\*|\*\/\*/u.test(accept)) return;
  req.headers.accept = BOTH;
  const raw = req.rawHeaders;
  let found = false;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === 'accept') {
      raw[i + 1] = BOTH;
      found = true;
    }
  }
  if (!found) raw.push('Accept', BOTH);
}

/**
 * The Model Context Protocol endpoint (docs/mcp.md): stateless Streamable HTTP, one JSON-RPC
 * message per POST answered as JSON, a new MCP server for every request. API tokens only; the
 * token's scopes decide which tools it lists and may call.
 */
/**
 * The JSON-RPC message of a request, read here rather than by the SDK's transport so that what is
 * wrong with it is answered as JSON-RPC says: broken JSON a parse error (-32700), JSON that is no
 * JSON-RPC message an Invalid Request (-32600), both HTTP 400; a request whose params break its
 * method's shape Invalid params (-32602), as a handler's error would be. Anything else goes on to
 * the server, parsed. A batch (a JSON array) is an Invalid Request.
 */
async function messageOf(
  req: IncomingMessage,
  limitBytes: number,
): Promise<
  | { parsed: unknown; toolArguments: Record<string, unknown> | undefined }
  | { status: number; answer: JSONRPCMessage }
> {
  const unsupported = unsupportedTypeOf(req.headers['content-type']);
  if (unsupported !== null) {
    return { status: 415, answer: faultAnswer({ id: null, code: -32000, message: unsupported }) };
  }
  if (announcesMoreThan(req, limitBytes)) {
    throw problem(413, `A message may be at most ${limitBytes} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw problem(413, `A message may be at most ${limitBytes} bytes.`);
    chunks.push(chunk);
  }
  let parsed: unknown;
  try {
    const body = Buffer.concat(chunks);
    // Bytes that are no UTF-8 would be read as U+FFFD and kept so: they are no JSON text.
    if (!isUtf8(body)) throw new Error('not UTF-8');
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    const fault = { id: null, code: ErrorCode.ParseError, message: 'Parse error: Invalid JSON' };
    return { status: 400, answer: faultAnswer(fault) };
  }
  // A batch is no message: the protocol took batches out (2025-06-18), and Larder never took them.
  if (Array.isArray(parsed)) {
    const fault = {
      id: null,
      code: ErrorCode.InvalidRequest,
      message: 'Invalid Request: one JSON-RPC message per request; batches are not taken',
    };
    return { status: 400, answer: faultAnswer(fault) };
  }
  const { message, toolArguments } = argumentsApart(parsed);
  const fault = messageFault(message);
  if (fault)
    return { status: fault.code === ErrorCode.InvalidRequest ? 400 : 200, answer: faultAnswer(fault) };
  return { parsed: withoutTask(message), toolArguments };
}

/**
 * Why a body's type is not taken, or null: a message is `application/json` in UTF-8, as the REST
 * routes take it (a form, plain text, or JSON declared UTF-16 or Latin-1 is a 415, whatever its
 * bytes happen to read as). Said before a byte of the body is read.
 */
function unsupportedTypeOf(contentType: string | undefined): string | null {
  const [media = '', ...parameters] = (contentType ?? '').split(';');
  if (media.trim().toLowerCase() !== 'application/json') {
    return 'Unsupported Media Type: Content-Type must be application/json';
  }
  const charset = parameters
    .map((parameter) => /^\s*charset\s*=\s*"?([^";\s]*)"?\s*$/iu.exec(parameter)?.[1])
    .find((value) => value !== undefined);
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
    return 'Unsupported Media Type: a message is JSON in UTF-8';
  }
  return null;
}

export const mcpRoutes: RestRouteModule = ({ table, operations, registry, config }) => {
  const tools = mcpTools(operations, registry);

  table.add({
    method: 'post',
    path: MCP_PATH,
    operationId: 'mcp',
    summary: 'Talk to Larder over the Model Context Protocol',
    description:
      'The endpoint an MCP client such as an AI assistant connects to: stateless Streamable HTTP, one JSON-RPC ' +
      'message per request, answered as JSON. The tools describe themselves over tools/list; the token’s scopes ' +
      'decide which ones it lists. Send `Authorization: Bearer <API token>` and ' +
      '`Accept: application/json, text/event-stream`. See https://modelcontextprotocol.io/specification.',
    tag: 'mcp',
    access: tokenOnly('recipes:read'),
    rawBody: {
      contentType: 'application/json',
      schema: { type: 'object', description: 'One JSON-RPC message' },
      example: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_recipes', arguments: { q: 'leek' } },
      },
    },
    responses: {
      200: {
        content: 'application/json',
        contentSchema: { type: 'object' },
        description: 'The JSON-RPC response (an error of the request or of its params among them)',
      },
      202: { empty: true, description: 'A notification or a response, taken; nothing to answer' },
      400: {
        content: 'application/json',
        contentSchema: { type: 'object' },
        description:
          'A JSON-RPC error: the body is no JSON (-32700), no JSON-RPC message or a batch (-32600)',
      },
      406: {
        content: 'application/json',
        contentSchema: { type: 'object' },
        description: 'A JSON-RPC error: the client accepts neither JSON nor event streams',
      },
      415: {
        content: 'application/json',
        contentSchema: { type: 'object' },
        description:
          'A JSON-RPC error: the body is not sent as application/json, or declares a charset other than UTF-8',
      },
    },
    errors: [401, 403, 413],
    handle: async ({ req, res, caller, baseUrl, log }) => {
      const message = await messageOf(req, config.jsonLimitBytes);
      if ('answer' in message) {
        // Refused before its body was read (its type): what is left of it is dropped within limits.
        if (!req.complete) dropUnreadBody(req, res);
        res.status(message.status).json(message.answer);
        return;
      }
      const server = mcpServer({
        caller,
        tools,
        operations,
        registry,
        identity: { name: 'larder', version: VERSION },
        baseUrl,
        clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        log,
        toolArguments: message.toolArguments,
      });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        maxRequestBodySize: config.jsonLimitBytes,
      });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      acceptJson(req);
      await transport.handleRequest(req, res, message.parsed);
    },
  });

  // A stateless server keeps no stream to GET and no session to DELETE; OPTIONS answered here
  // names POST alone (left to express, it listed these methods as taken).
  for (const method of ['get', 'delete', 'options'] as const) {
    table.add({
      method,
      path: MCP_PATH,
      operationId: `mcp-${method}`,
      summary: `${method.toUpperCase()} is not served: this MCP server is stateless`,
      tag: 'mcp',
      access: PUBLIC,
      hidden: true,
      responses: {},
      errors: [405],
      handle: async () => {
        throw problem(405, 'This MCP server is stateless: send each JSON-RPC message with POST.', {
          headers: { Allow: 'POST' },
        });
      },
    });
  }
};
