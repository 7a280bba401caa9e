import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OpsEndpoints {
  ready: () => Promise<{ status: 'ok' | 'error' }>;
  metrics?: () => Promise<{ contentType: string; body: string }>;
}

/**
 * Workers have no public HTTP surface; this small server gives orchestrators and
 * Prometheus the same /health/live, /health/ready and /metrics the api has.
 */
export class OpsServer {
  private server: Server | null = null;

  constructor(private readonly endpoints: OpsEndpoints) {}

  async listen(port: number, host: string): Promise<number> {
    const server = createServer((req, res) => {
      const send = (status: number, body: string, type = 'application/json'): void => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'GET') return send(405, JSON.stringify({ errors: [{ status: '405', title: 'Method Not Allowed' }] }));
      if (path === '/health/live') return send(200, JSON.stringify({ status: 'ok' }));
      if (path === '/health/ready') {
        this.endpoints.ready().then(
          (result) => send(result.status === 'ok' ? 200 : 503, JSON.stringify(result)),
          (error: unknown) => send(503, JSON.stringify({ status: 'error', error: String(error) })),
        );
        return;
      }
      if (path === '/metrics' && this.endpoints.metrics) {
        this.endpoints.metrics().then(
          ({ contentType, body }) => send(200, body, contentType),
          () => send(500, JSON.stringify({ errors: [{ status: '500', title: 'metrics unavailable' }] })),
        );
        return;
      }
      send(404, JSON.stringify({ errors: [{ status: '404', title: 'Not Found' }] }));
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
