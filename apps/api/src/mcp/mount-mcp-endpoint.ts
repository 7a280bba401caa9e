import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError } from '@quayside/domain';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiKeyAuthenticator } from '../auth/api-key-authenticator.service';
import { InjectQuaysideApi } from './inject-quayside-api';
import { mcpApiKey } from './mcp-credentials';

export const MCP_PATH = '/mcp';
const SERVER_VERSION = '0.2.0';

/**
 * MCP over Streamable HTTP (docs/mcp.md), stateless: each POST builds a server for the caller's
 * key, answers the JSON-RPC message(s) as JSON, and is gone. No session state means any replica
 * can answer any request. GET (a server-to-client stream) and DELETE (session end) have nothing
 * to serve without sessions, so they answer 405 as the transport specification allows.
 */
export function mountMcpEndpoint(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const authenticator = app.get(ApiKeyAuthenticator, { strict: false });

  fastify.post(MCP_PATH, async (request, reply) => {
    const key = mcpApiKey(request.headers.authorization);
    const refuse = (detail: string) =>
      reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="Quayside MCP"')
        .type('application/vnd.api+json')
        .send({ errors: [{ status: '401', code: 'unauthorized', title: 'Unauthorized', detail }] });
    if (key === null) return refuse(MISSING_KEY);
    const refusal = await checkKey(authenticator, key);
    if (refusal !== null) return refuse(refusal);
    // The transport writes the raw response itself; Fastify must not answer a second time.
    reply.hijack();
    await serve(request.raw, reply.raw, request.body, new InjectQuaysideApi(fastify, key, request.id));
    return reply;
  });

  for (const method of ['GET', 'DELETE'] as const) {
    fastify.route({
      method,
      url: MCP_PATH,
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless, send JSON-RPC messages with POST.' },
            id: null,
          }),
    });
  }
}

const MISSING_KEY = 'Send the account API key as `Authorization: Token <API_KEY>` (or `Bearer <API_KEY>`).';

/** Null when the key belongs to a live account key, else why not. */
async function checkKey(authenticator: ApiKeyAuthenticator, key: string): Promise<string | null> {
  try {
    await authenticator.authenticate(`Token ${key}`);
    return null;
  } catch (error: unknown) {
    if (error instanceof DomainError && error.kind === 'unauthorized') return 'The API key is not valid.';
    throw error;
  }
}

/**
 * The MCP SDK (with zod and ajv, some 400 modules) is loaded on the first MCP request rather
 * than at boot: an api that serves no assistant does not carry it (docs/architecture.md, "Memory").
 */
async function serve(request: IncomingMessage, response: ServerResponse, body: unknown, api: InjectQuaysideApi): Promise<void> {
  const [{ StreamableHTTPServerTransport }, { createQuaysideMcpServer }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@quayside/mcp'),
  ]);
  const server = createQuaysideMcpServer(api, { version: SERVER_VERSION });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}
