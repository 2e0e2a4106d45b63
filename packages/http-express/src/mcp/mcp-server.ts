import { type Caller, DomainError, type FieldIssue } from '@larder/domain';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { checkAccess, mayCall } from '../operations/access.js';
import { unfitTextAt } from '../operations/unfit-text.js';
import type { Call } from '../operations/operation.js';
import type { OperationTable } from '../operations/operation-table.js';
import { HttpProblem, type Problem, problemFromDomain, validationProblem } from '../rest/problem.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { issuesFrom } from '../schemas/validation-issues.js';
import type { Tool } from './tools.js';

/** The name and version this server gives MCP clients. */
export interface ServerIdentity {
  name: string;
  version: string;
}

/** What one MCP request is served with. */
export interface McpContext {
  caller: Caller;
  tools: readonly Tool[];
  operations: OperationTable;
  registry: SchemaRegistry;
  identity: ServerIdentity;
  baseUrl: string;
  clientAddress: string;
  log: Logger;
  /** The arguments of a `tools/call` as the client sent them (see `argumentsApart`). */
  toolArguments?: Record<string, unknown> | undefined;
}

const RECIPE_URI = /^larder:\/\/recipes\/([A-Za-z0-9_-]{1,64})$/;
/** How many recipes resources/list names (the newest changed first). */
const LISTED_RECIPES = 100;

/** A problem as a tool's error result: the problem body REST would answer, as text. */
function problemResult(p: Problem): CallToolResult {
  const body: Record<string, unknown> = {};
  if (p.type) body['type'] = p.type;
  Object.assign(body, { title: p.title, status: p.status, detail: p.detail });
  if (p.errors) body['errors'] = p.errors;
  Object.assign(body, p.extra ?? {});
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/**
 * A JSON-RPC error the SDK sends as it stands: its message as written (an McpError's would carry
 * "MCP error -32602: " before it, which clients add again).
 */
function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

function invalidArguments(errors: FieldIssue[]): CallToolResult {
  return problemResult(validationProblem(errors).problem);
}

/**
 * One MCP server for one request (the transport is stateless): tools the caller's token allows,
 * each run through its operation with that operation's access rule, and recipes as resources.
 */
export function mcpServer(ctx: McpContext): Server {
  const { caller, operations, registry, log } = ctx;
  const server = new Server(
    { name: ctx.identity.name, version: ctx.identity.version, title: 'Larder' },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        "The household's recipes. search_recipes finds recipes (by words, tags, time, favorites); get_recipe " +
        'reads one. Writing tools act as the member who owns the API token, with exactly its rights.',
    },
  );
  const call: Call = {
    caller,
    baseUrl: ctx.baseUrl,
    clientAddress: ctx.clientAddress,
    log,
    session: {
      start: () => {
        throw new Error('MCP calls have no session');
      },
      end: () => undefined,
    },
  };
  const allowed = (tool: Tool) => tool.operationIds.every((id) => mayCall(operations.get(id).access, caller));

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: ctx.tools.filter(allowed).map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.listed.inputSchema as { type: 'object' },
      ...(tool.listed.outputSchema ? { outputSchema: tool.listed.outputSchema as { type: 'object' } } : {}),
      annotations: { title: tool.title, ...tool.annotations },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = ctx.tools.find((t) => t.name === request.params.name);
    if (!tool) throw rpcError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = ctx.toolArguments ?? request.params.arguments ?? {};
    try {
      // Access before arguments, as REST checks it before reading a body: a token beyond its
      // scopes learns it is refused, not what the arguments lack.
      for (const id of tool.operationIds) checkAccess(operations.get(id).access, caller);
      const validate = registry.validator(tool.inputSchema, 'body');
      if (!validate(args)) return invalidArguments(issuesFrom(validate.errors, ''));
      const unfit = unfitTextAt(args, '');
      if (unfit) return invalidArguments([unfit]);
      const { operationId, input } = tool.toCall(args);
      const op = operations.get(operationId);
      const output = await op.run(call as never, input as never);
      if (op.output.status === 204) {
        return { content: [{ type: 'text', text: tool.done?.(args) ?? 'Done.' }] };
      }
      return {
        content: [{ type: 'text', text: JSON.stringify(output) }],
        structuredContent: output as Record<string, unknown>,
      };
    } catch (error) {
      if (error instanceof HttpProblem) return problemResult(error.problem);
      if (error instanceof DomainError) return problemResult(located(problemFromDomain(error), tool));
      log.error({ err: error, tool: tool.name }, 'MCP tool failed');
      return problemResult({
        status: 500,
        title: 'Internal Server Error',
        detail: 'Something went wrong on our side; it has been logged.',
      });
    }
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: 'larder://recipes/{id}',
        name: 'recipe',
        title: 'A recipe',
        description: 'A whole recipe by its id, as get_recipe answers it',
        mimeType: 'application/json',
      },
    ],
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const page = (await runOperation('list-recipes', { limit: LISTED_RECIPES })) as {
      items: Array<{ id: string; title: string }> | null;
    };
    return {
      resources: (page.items ?? []).map((card) => ({
        uri: `larder://recipes/${card.id}`,
        name: card.title,
        mimeType: 'application/json',
      })),
    };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const id = RECIPE_URI.exec(request.params.uri)?.[1];
    if (!id) throw rpcError(ErrorCode.InvalidParams, `No resource at ${request.params.uri}`);
    const recipe = await runOperation('get-recipe', { id });
    return {
      contents: [{ uri: request.params.uri, mimeType: 'application/json', text: JSON.stringify(recipe) }],
    };
  });

  /** An operation for a resource request: a refusal or an absent recipe is a protocol error. */
  async function runOperation(operationId: string, input: Record<string, unknown>): Promise<unknown> {
    const op = operations.get(operationId);
    try {
      checkAccess(op.access, caller);
      return await op.run(call as never, input as never);
    } catch (error) {
      if (error instanceof DomainError) {
        const code = error.kind === 'not_found' ? RESOURCE_NOT_FOUND : ErrorCode.InvalidRequest;
        throw rpcError(code, error.message);
      }
      throw error;
    }
  }

  return server;
}

/** MCP's error code for a resource that is not there. */
const RESOURCE_NOT_FOUND = -32002;

/** Issues located by the tool's own argument names (`recipeId` where the operation says `id`). */
function located(p: Problem, tool: Tool): Problem {
  if (!p.errors) return p;
  return {
    ...p,
    errors: p.errors.map((issue) => {
      const first = /^[^.[]*/.exec(issue.location)?.[0] ?? '';
      const arg = tool.argumentOf[first];
      return arg && arg !== first ? { ...issue, location: arg + issue.location.slice(first.length) } : issue;
    }),
  };
}
