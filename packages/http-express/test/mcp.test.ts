import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { type Body, as, createRecipe, recipeBody } from './recipe-fixtures.js';

const run = promisify(execFile);

/** A recipe body as the MCP tools want it: every step with its references and times. */
function toolRecipe(changes: Body = {}): Body {
  const body = recipeBody(changes);
  return {
    ...body,
    steps: (body['steps'] as Body[]).map((step) => ({ references: [], times: [], ...step })),
  };
}

interface ToolAnswer {
  isError?: boolean;
  content: Array<{ type: string; text: string }>;
  structuredContent?: Record<string, unknown>;
}

describe('MCP: POST /mcp with the SDK client, over real HTTP', () => {
  let t: TestApp;
  let server: Server;
  let url: URL;
  const clients: Client[] = [];
  let full: string;
  let readOnly: string;

  beforeAll(async () => {
    t = await startTestApp();
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    full = await t.token(t.owner, ['recipes:read', 'recipes:write', 'recipes:delete']);
    readOnly = await t.token(t.owner, ['recipes:read']);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** One message posted as the body is given (text or bytes), with the full token, as a client posts it. */
  const post = (body: string | Uint8Array) =>
    fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${full}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body,
    });

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: 'larder-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  const callTool = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const problemOf = (answer: ToolAnswer) => {
    expect(answer.isError).toBe(true);
    return JSON.parse(answer.content[0]!.text) as { status: number; errors?: unknown[]; type?: string };
  };

  it('initializes: names itself and agrees on the protocol version', async () => {
    const client = await connect(full);
    expect(client.getServerVersion()).toMatchObject({ name: 'larder', version: expect.any(String) });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toMatch(/search_recipes/);
    const older = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-03-26',
          capabilities: {},
          clientInfo: { name: 'old', version: '1' },
        },
      }),
    );
    expect(older.status).toBe(200);
    expect(((await older.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(
      '2025-03-26',
    );
    expect(LATEST_PROTOCOL_VERSION).toBeTruthy();
  });

  it("lists only the tools the token's scopes allow", async () => {
    const names = async (token: string) =>
      (await (await connect(token)).listTools()).tools.map((tool) => tool.name);
    const reading = ['search_recipes', 'get_recipe', 'list_tags', 'list_comments', 'mark_comments_seen'];
    const writing = [
      'create_recipe',
      'update_recipe',
      'add_comment',
      'draft_recipe',
      'set_favorite',
      'set_tasty',
    ];
    expect((await names(readOnly)).sort()).toEqual([...reading].sort());
    const writer = await t.token(t.owner, ['recipes:read', 'recipes:write']);
    expect((await names(writer)).sort()).toEqual([...reading, ...writing].sort());
    expect((await names(full)).sort()).toEqual([...reading, ...writing, 'delete_recipe'].sort());
  });

  it('describes every tool with input and output schemas an assistant can act on', async () => {
    const { tools } = await (await connect(full)).listTools();
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(JSON.stringify(tool.inputSchema)).not.toContain('$ref');
    }
    const create = tools.find((tool) => tool.name === 'create_recipe')!;
    expect(create.description).toMatch(/maxSeconds is required when the phrase is a range/);
    const step = (create.inputSchema.properties as Body)['steps'] as { items: { required: string[] } };
    expect(step.items.required).toEqual(['text', 'references', 'times']);
    expect(tools.find((tool) => tool.name === 'get_recipe')!.outputSchema).toMatchObject({ type: 'object' });
    expect(tools.find((tool) => tool.name === 'get_recipe')!.annotations).toMatchObject({
      readOnlyHint: true,
    });
    expect(tools.find((tool) => tool.name === 'delete_recipe')!.annotations).toMatchObject({
      destructiveHint: true,
    });
  });

  it('calls every tool, each through the operation REST uses', async () => {
    const client = await connect(full);
    const created = await callTool(client, 'create_recipe', toolRecipe({ title: 'Leek and potato soup' }));
    expect(created.isError).toBeFalsy();
    const recipe = created.structuredContent as Body & { id: string; steps: Body[] };
    expect(JSON.parse(created.content[0]!.text)).toEqual(recipe);
    expect(recipe.steps[1]!['times']).toEqual([
      { phrase: '20-25 minutes', seconds: 1200, maxSeconds: 1500 },
      { phrase: '5 min', seconds: 300 },
    ]);
    // REST sees what MCP wrote.
    const viaRest = await as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), t.owner);
    expect(viaRest.body.title).toBe('Leek and potato soup');

    const read = await callTool(client, 'get_recipe', { id: recipe.id });
    expect(read.structuredContent).toMatchObject({ id: recipe.id, title: 'Leek and potato soup' });

    const updated = await callTool(client, 'update_recipe', {
      ...toolRecipe({ title: 'Leek soup' }),
      id: recipe.id,
    });
    expect(updated.structuredContent).toMatchObject({ title: 'Leek soup' });

    const found = await callTool(client, 'search_recipes', { q: 'leek', tags: ['soup'], maxMinutes: 60 });
    expect(found.structuredContent).toMatchObject({
      total: 1,
      items: [expect.objectContaining({ id: recipe.id })],
    });

    const tags = await callTool(client, 'list_tags', {});
    expect(tags.structuredContent!['items']).toEqual(expect.arrayContaining([{ name: 'soup', count: 1 }]));

    const member = await t.member();
    const theirs = await as(request(t.app).post(`/api/v1/recipes/${recipe.id}/comments`), member).send({
      body: 'Lovely with bread.',
    });
    const comment = await callTool(client, 'add_comment', { recipeId: recipe.id, body: 'Thanks!' });
    expect(comment.structuredContent).toMatchObject({ body: 'Thanks!' });
    const listed = await callTool(client, 'list_comments', { recipeId: recipe.id });
    expect(listed.structuredContent!['comments']).toEqual([
      expect.objectContaining({ id: theirs.body.id, new: true }),
      expect.objectContaining({ body: 'Thanks!', new: false }),
    ]);
    const seen = await callTool(client, 'mark_comments_seen', { recipeId: recipe.id, upTo: theirs.body.id });
    expect(seen.content[0]!.text).toMatch(/seen up to/);
    const after = await callTool(client, 'list_comments', { recipeId: recipe.id });
    expect((after.structuredContent!['comments'] as Body[])[0]).toMatchObject({ new: false });

    expect((await callTool(client, 'set_favorite', { id: recipe.id, favorite: true })).isError).toBeFalsy();
    expect((await as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), t.owner)).body.favorite).toBe(true);
    await callTool(client, 'set_favorite', { id: recipe.id, favorite: false });
    expect((await as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), t.owner)).body.favorite).toBe(false);
    // Tasty is for somebody else's recipe, as over REST.
    expect(problemOf(await callTool(client, 'set_tasty', { id: recipe.id, tasty: true })).status).toBe(403);
    const bread = await createRecipe(t, member, { title: 'Soda bread' });
    expect((await callTool(client, 'set_tasty', { id: bread.id, tasty: true })).isError).toBeFalsy();
    expect((await as(request(t.app).get(`/api/v1/recipes/${bread.id}`), member)).body.tastyCount).toBe(1);
    await callTool(client, 'set_tasty', { id: bread.id, tasty: false });
    expect((await as(request(t.app).get(`/api/v1/recipes/${bread.id}`), member)).body.tastyCount).toBe(0);

    const draft = await callTool(client, 'draft_recipe', {
      text: 'Toast\n\nIngredients\n1 slice bread\n\nMethod\n1. Toast the bread for 2 minutes.',
    });
    const drafted = draft.structuredContent as { recipe: Body };
    expect(drafted.recipe).toMatchObject({ title: 'Toast' });
    const saved = await callTool(client, 'create_recipe', { ...drafted.recipe });
    expect(saved.isError).toBeFalsy();

    const deleted = await callTool(client, 'delete_recipe', { id: recipe.id });
    expect(deleted.content[0]!.text).toMatch(/deleted/);
    expect((await as(request(t.app).get(`/api/v1/recipes/${recipe.id}`), t.owner)).status).toBe(404);
    expect(problemOf(await callTool(client, 'get_recipe', { id: recipe.id })).status).toBe(404);
  });

  it('reports each broken recipe rule as REST does, located by argument', async () => {
    const client = await connect(full);
    const first = (changes: Body) => ({
      steps: [{ text: 'Simmer for 20 minutes.', references: [], times: [], ...changes }],
    });
    const broken: Body[] = [
      { title: '' },
      { servings: 0 },
      { ingredientGroups: [] },
      { tags: ['Soup!'.repeat(20)] },
      first({ times: [{ phrase: '30 minutes', seconds: 1800 }] }),
      first({ times: [{ phrase: '20 minutes', seconds: 1200, maxSeconds: 1500 }] }),
      first({ text: 'Simmer 20-25 minutes.', times: [{ phrase: '20-25 minutes', seconds: 1200 }] }),
      first({ times: [{ phrase: '20 minutes', seconds: 0 }] }),
      first({ references: [{ word: 'garlic', groupName: null, ingredientName: 'tomatoes' }] }),
      first({ references: [{ word: 'Simmer', groupName: null, ingredientName: 'saffron' }] }),
      { unknownField: 1 },
    ];
    for (const changes of broken) {
      const body = toolRecipe(changes);
      const rest = await as(request(t.app).post('/api/v1/recipes'), t.owner).send(recipeBody(changes));
      expect(rest.status).toBe(422);
      const problem = problemOf(await callTool(client, 'create_recipe', body));
      expect(problem.status).toBe(422);
      const restErrors = (rest.body.errors as Array<{ location: string }>).map((issue) => ({
        ...issue,
        location: issue.location.replace(/^body\./, ''),
      }));
      expect(problem.errors).toEqual(restErrors);
    }
    // Half a character is refused as over REST, at its place.
    const half = problemOf(await callTool(client, 'create_recipe', toolRecipe({ title: 'Soup \ud800' })));
    expect(half.errors).toEqual([{ location: 'title', message: 'must be valid Unicode text' }]);
    // A body broken in a hundred thousand places answers its first hundred issues, no more.
    const flood = problemOf(
      await callTool(client, 'create_recipe', {
        ...toolRecipe(),
        ingredientGroups: [{ name: null, ingredients: Array.from({ length: 100_000 }, () => ({})) }],
      }),
    );
    expect(flood.status).toBe(422);
    expect(flood.errors!.length).toBeLessThanOrEqual(100);
    // What only tools demand: every step's references and times.
    const bare = problemOf(
      await callTool(client, 'create_recipe', {
        ...toolRecipe(),
        steps: [{ text: 'Simmer for 20 minutes.' }],
      }),
    );
    expect(bare.errors).toEqual([
      { location: 'steps[0].references', message: 'is required' },
      { location: 'steps[0].times', message: 'is required' },
    ]);
    const phrase = problemOf(
      await callTool(
        client,
        'create_recipe',
        toolRecipe(first({ times: [{ phrase: '30 minutes', seconds: 1800 }] })),
      ),
    );
    expect(phrase.errors).toEqual([expect.objectContaining({ location: 'steps[0].times[0].phrase' })]);
    const nul = problemOf(await callTool(client, 'create_recipe', toolRecipe({ title: 'a\u0000b' })));
    expect(nul.errors).toEqual([{ location: 'title', message: 'must not contain control characters (NUL)' }]);
  });

  it('checks arguments against the REST route’s own schema: whole numbers JSON cannot carry, empty ids, a bad address', async () => {
    const client = await connect(full);
    const id = (await createRecipe(t, t.owner, { title: 'Seen marks' })).id;
    for (const upTo of [1e20, 2 ** 63, 1e30]) {
      const rest = await as(request(t.app).put(`/api/v1/recipes/${id}/comments/seen`), t.owner).send({
        upTo,
      });
      expect(rest.status).toBe(422);
      const problem = problemOf(await callTool(client, 'mark_comments_seen', { recipeId: id, upTo }));
      expect(problem).toMatchObject({
        status: 422,
        errors: [{ location: 'upTo', message: 'must be a valid int64' }],
      });
    }
    expect(problemOf(await callTool(client, 'list_comments', { recipeId: '' }))).toMatchObject({
      status: 422,
      errors: [{ location: 'recipeId' }],
    });
    const rest = await as(request(t.app).post('/api/v1/recipes'), t.owner).send(
      recipeBody({ sourceUrl: 'not a url' }),
    );
    const tool = problemOf(await callTool(client, 'create_recipe', toolRecipe({ sourceUrl: 'not a url' })));
    expect(tool.errors).toEqual(
      (rest.body.errors as Array<{ location: string }>).map((issue) => ({
        ...issue,
        location: issue.location.replace(/^body\./, ''),
      })),
    );
    // What clients are shown holds only what any JSON Schema validator knows.
    const { tools } = await client.listTools();
    const seen = tools.find((tool) => tool.name === 'mark_comments_seen')!;
    expect((seen.inputSchema.properties as Body)['upTo']).toMatchObject({
      type: 'integer',
      maximum: Number.MAX_SAFE_INTEGER,
    });
    expect(JSON.stringify(tools)).not.toMatch(/"format":"(?:int64|binary)"/);
  });

  it('refuses writes to a read-only token, as a tool error naming the scope', async () => {
    const client = await connect(readOnly);
    const answer = problemOf(await callTool(client, 'create_recipe', toolRecipe()));
    expect(answer).toMatchObject({ status: 403, type: 'urn:larder:problem:access.scope_missing' });
    expect((await as(request(t.app).get('/api/v1/recipes'), t.owner)).body.items).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ title: 'Tomato soup' })]),
    );
  });

  it('refuses a tool beyond the token’s scopes before looking at its arguments, as REST does', async () => {
    const client = await connect(readOnly);
    for (const [tool, args] of [
      ['create_recipe', { title: 42 }],
      ['delete_recipe', {}],
    ] as const) {
      const answer = problemOf(await callTool(client, tool, args));
      expect(answer).toMatchObject({ status: 403, type: 'urn:larder:problem:access.scope_missing' });
    }
  });

  it('keeps protocol errors JSON-RPC errors: an unknown tool, a broken message', async () => {
    const client = await connect(full);
    await expect(client.callTool({ name: 'cook_dinner', arguments: {} })).rejects.toThrow(
      /^MCP error -32602: Unknown tool: cook_dinner$/,
    );
    const broken = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    // Bytes that are no UTF-8 are no JSON text either (not read as U+FFFD).
    const latin1 = await post(
      Buffer.from(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_recipes","arguments":{"q":"cr\u00e8me"}}}',
        'latin1',
      ),
    );
    expect(latin1.status).toBe(400);
    expect(await latin1.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  it('answers a message that is no JSON-RPC with -32600, and params of the wrong shape with -32602 naming the place', async () => {
    const send = (message: unknown) => post(JSON.stringify(message));
    for (const message of [
      { jsonrpc: '1.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: { a: 1 }, method: 'tools/list' },
      { id: 1, method: 'tools/list' },
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '3.0', id: 2, method: 'ping' },
      ],
      // One message per request: a batch is refused whole, a good one too, an empty one too.
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ],
      [],
    ]) {
      const res = await send(message);
      expect([message, res.status]).toEqual([message, 400]);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    }
    const cases: Array<[unknown, RegExp]> = [
      [
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { arguments: {} } },
        /^Invalid params: params\.name: /,
      ],
      [
        { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'search_recipes', arguments: 'x' } },
        /^Invalid params: params\.arguments: /,
      ],
      [{ jsonrpc: '2.0', id: 9, method: 'resources/read', params: {} }, /^Invalid params: params\.uri: /],
      [
        {
          jsonrpc: '2.0',
          id: 10,
          method: 'initialize',
          params: { protocolVersion: {}, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
        },
        /^Invalid params: params\.protocolVersion: /,
      ],
    ];
    for (const [message, text] of cases) {
      const res = await send(message);
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { id: number; error: { code: number; message: string } };
      expect(answer.id).toBe((message as { id: number }).id);
      expect(answer.error.code).toBe(-32602);
      expect(answer.error.message).toMatch(text);
      expect(answer.error.message.length).toBeLessThan(200);
    }
  });

  it('takes arguments named __proto__ or constructor for what REST takes such fields: unknown, a 422 at their place', async () => {
    const call = async (id: number, tool: string, args: string) => {
      const res = await post(
        `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`,
      );
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { id: number; result?: ToolAnswer; error?: unknown };
      expect(answer).toMatchObject({ id });
      expect(answer.error).toBeUndefined();
      return problemOf(answer.result!);
    };
    const recipe = JSON.stringify(toolRecipe({ title: 'Prototype soup' })).slice(1);
    for (const [id, member] of [
      [21, '"__proto__":{"title":"x"}'],
      [22, '"constructor":{"prototype":{"x":1}}'],
      [23, '"constructor":"x"'],
    ] as const) {
      const name = /^"(\w+)"/.exec(member)![1]!;
      const rest = await as(request(t.app).post('/api/v1/recipes'), t.owner)
        .set('Content-Type', 'application/json')
        .send(`{${member},${recipe}`);
      expect(rest.status).toBe(422);
      expect(rest.body.errors).toEqual([{ location: `body.${name}`, message: 'is not a known field' }]);
      const tool = await call(id, 'create_recipe', `{${member},${recipe}`);
      expect(tool).toMatchObject({
        status: 422,
        errors: [{ location: name, message: 'is not a known field' }],
      });
      expect(await call(id + 10, 'search_recipes', `{${member}}`)).toMatchObject({
        status: 422,
        errors: [{ location: name, message: 'is not a known field' }],
      });
    }
    const listed = await as(request(t.app).get('/api/v1/recipes?q=prototype'), t.owner);
    expect(listed.body.total).toBe(0);
  });

  it('runs a task-augmented tools/call as a plain call: Larder declares no tasks capability', async () => {
    const res = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 11,
        method: 'tools/call',
        params: { name: 'search_recipes', arguments: { q: 'zzzz' }, task: { ttl: 60000 } },
      }),
    );
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { id: number; result: { structuredContent: { total: number } } };
    expect(answer).toMatchObject({ id: 11, result: { structuredContent: { total: 0 } } });
  });

  it('describes in the API description every answer the endpoint gives, in the type it gives it', async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
    };
    const responses = doc.paths['/mcp']!['post']!.responses;
    for (const status of ['200', '400', '406', '415'])
      expect([status, Object.keys(responses[status]?.content ?? {})]).toEqual([status, ['application/json']]);
    expect(Object.keys(responses['413']?.content ?? {})).toEqual(['application/problem+json']);
    expect(responses['202']).toBeDefined();
    const wrongType = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${full}`, 'content-type': 'text/plain', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('takes a message as JSON in UTF-8 alone, as the REST routes do: a form, or JSON declared in another charset, is a 415', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const send = (contentType: string, body: string | Buffer = ping) =>
      fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${full}`,
          'content-type': contentType,
          accept: 'application/json, text/event-stream',
        },
        body,
      });
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json; charset="ISO-8859-1"',
    ]) {
      const res = await send(contentType, 'a=1');
      expect([contentType, res.status]).toEqual([contentType, 415]);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /^Unsupported Media Type/,
      );
    }
    // The same bytes, read as UTF-16 by nobody: still refused for what they claim to be.
    expect((await send('application/json; charset=utf-16')).status).toBe(415);
    for (const contentType of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON; Charset="UTF-8"',
      // Other names of UTF-8 (the Encoding standard's labels).
      'application/json; charset=utf8',
      'application/json; charset="UTF8"',
    ])
      expect([contentType, (await send(contentType)).status]).toEqual([contentType, 200]);
  });

  it('serves recipes as resources', async () => {
    const client = await connect(readOnly);
    const recipe = await createRecipe(t, t.owner, { title: 'Resource stew' });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'larder://recipes/{id}' })]);
    const { resources } = await client.listResources();
    expect(resources).toEqual(
      expect.arrayContaining([
        { uri: `larder://recipes/${recipe.id}`, name: 'Resource stew', mimeType: 'application/json' },
      ]),
    );
    const read = await client.readResource({ uri: `larder://recipes/${recipe.id}` });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id: recipe.id });
    await expect(client.readResource({ uri: 'larder://recipes/nope' })).rejects.toThrow(/No such recipe/);
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/No resource/);
  });

  it('wants an API token: none, a bad one or a session cookie is a 401 naming Bearer', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    for (const headers of [{}, { authorization: 'Bearer lrd_nothing' }, { cookie: t.owner.cookie }]) {
      const res = await request(t.app)
        .post('/mcp')
        .set(headers)
        .set('accept', 'application/json, text/event-stream')
        .send(message);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      // A problem of the API like any other: its schema named in the body and the header.
      expect(res.body.$schema).toMatch(/\/api\/v1\/schemas\/ErrorModel\.json$/);
      expect(res.headers['link']).toBe(`<${res.body.$schema}>; rel="describedBy"`);
    }
    const writeOnly = await t.token(t.owner, ['recipes:write']);
    const res = await request(t.app)
      .post('/mcp')
      .set('authorization', `Bearer ${writeOnly}`)
      .set('accept', 'application/json, text/event-stream')
      .send(message);
    expect(res.status).toBe(403);
    expect(res.body.$schema).toMatch(/\/ErrorModel\.json$/);
  });

  it('answers scripts that accept JSON only, and refuses a client that accepts neither JSON nor streams', async () => {
    const message = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
    for (const accept of ['application/json', '*/*']) {
      const res = await request(t.app)
        .post('/mcp')
        .set('authorization', `Bearer ${readOnly}`)
        .set('accept', accept)
        .send(message);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 7, result: { tools: expect.any(Array) } });
    }
    const html = await request(t.app)
      .post('/mcp')
      .set('authorization', `Bearer ${readOnly}`)
      .set('accept', 'text/html')
      .send(message);
    expect(html.status).toBe(406);
    expect(html.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });

  it('refuses a foreign Origin, and answers GET, DELETE and OPTIONS with 405 naming POST alone', async () => {
    const foreign = await request(t.app)
      .post('/mcp')
      .set('authorization', `Bearer ${full}`)
      .set('origin', 'https://evil.example')
      .set('accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(foreign.status).toBe(403);
    for (const method of ['get', 'delete', 'options'] as const) {
      const res = await request(t.app)[method]('/mcp').set('authorization', `Bearer ${full}`);
      expect(res.status).toBe(405);
      expect(res.headers['allow']).toBe('POST');
    }
  });

  it('works with a client nobody here wrote: the MCP Inspector command line', async () => {
    const inspector = new URL(
      '../../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
      import.meta.url,
    ).pathname;
    const inspect = (...args: string[]) =>
      run(
        process.execPath,
        [
          inspector,
          '--cli',
          url.href,
          '--transport',
          'http',
          '--header',
          `Authorization: Bearer ${full}`,
          ...args,
        ],
        { timeout: 60_000 },
      );
    const listed = await inspect('--method', 'tools/list', '--strict');
    expect(JSON.parse(listed.stdout).tools.map((tool: { name: string }) => tool.name)).toContain(
      'search_recipes',
    );
    // --strict reports tool-schema portability problems on stderr: there are none.
    expect(listed.stderr.trim()).toBe('');
    const called = await inspect('--method', 'tools/call', '--tool-name', 'list_tags');
    expect(JSON.parse(called.stdout).structuredContent).toEqual({ items: expect.any(Array) });
  });
});
