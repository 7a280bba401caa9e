import type { ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { containerId } from '../database/bench-ids';
import type { ResultRow } from '../report/results-table';
import { freePort, peakRssMb, spawnApp, spawnTypeScript, stopChild, waitUntilServing } from '../support/child-process';
import { captureQueryPlan } from './captured-sql';
import { interleavedRounds } from '../report/faster-round';
import { measureHttp, warmUpHttp } from './http-load';

const PAGE_SIZE = 30;
/** Distinct containers the get benchmark cycles through, scattered over the table. */
const GET_IDS = 1_000;
const STRIDE = 7919;

export interface ApiBenchOptions {
  databaseUrl: string;
  accountId: string;
  key: string;
  connections: number;
  durationSeconds: number;
  rounds: number;
  /** Environment of the api process (database, Redis and prefix, inherited basics). */
  apiEnv: Record<string, string>;
}

interface Scenario {
  hotPath: string;
  paths: string[];
}

interface Servers {
  apiOrigin: string;
  bareOrigin: string;
  children: ChildProcess[];
}

/**
 * List and get endpoints: the real api (its production `main.ts`: Fastify, authentication, the
 * rate limiter, plan guard, JSON:API documents) against a bare `node:http` server sending the
 * same SQL (bench/servers/bare-api.server.ts), each in a process of its own, loaded in turn by
 * autocannon from this process over loopback.
 */
export class ApiBench {
  constructor(private readonly options: ApiBenchOptions) {}

  async run(size: number): Promise<ResultRow[]> {
    const lastPage = Math.max(1, Math.floor(size / PAGE_SIZE));
    const scenarios = this.scenarios(size, lastPage);
    const plan = await captureQueryPlan(this.options.databaseUrl, this.options.accountId, {
      containers: [
        { number: 1, size: PAGE_SIZE },
        { number: lastPage, size: PAGE_SIZE, last: true },
      ],
      shipments: [{ number: 1, size: PAGE_SIZE }],
    });
    const planFile = join(tmpdir(), `quayside-bench-plan-${process.pid}.json`);
    writeFileSync(planFile, JSON.stringify(plan));
    const servers = await this.startServers(planFile);
    try {
      const rows: ResultRow[] = [];
      for (const scenario of scenarios) {
        await this.checkAnswers(servers, scenario);
        const load = {
          paths: scenario.paths,
          headers: { authorization: `Token ${this.options.key}` },
          connections: this.options.connections,
          durationSeconds: this.options.durationSeconds,
        };
        const api = { ...load, origin: servers.apiOrigin };
        const bareServer = { ...load, origin: servers.bareOrigin };
        await warmUpHttp(api);
        await warmUpHttp(bareServer);
        const { quayside, bare } = await interleavedRounds(this.options.rounds, {
          quayside: () => measureHttp(api),
          bare: () => measureHttp(bareServer),
        });
        rows.push({ hotPath: scenario.hotPath, size, unit: 'req/s', quayside, bare });
      }
      // The api served every scenario: its peak over the phase goes beside each of them.
      const peak = peakRssMb(servers.children[0]!);
      return rows.map((row) => ({ ...row, quayside: { ...row.quayside, peakRssMb: peak } }));
    } finally {
      for (const child of servers.children) await stopChild(child);
      rmSync(planFile, { force: true });
    }
  }

  private scenarios(size: number, lastPage: number): Scenario[] {
    const ids = Array.from({ length: Math.min(GET_IDS, size) }, (_, index) => containerId((index * STRIDE) % size));
    return [
      { hotPath: `GET /v2/containers?page[size]=${PAGE_SIZE} (first page)`, paths: [`/v2/containers?page[size]=${PAGE_SIZE}`] },
      {
        hotPath: `GET /v2/containers?page[size]=${PAGE_SIZE} (last page)`,
        paths: [`/v2/containers?page[number]=${lastPage}&page[size]=${PAGE_SIZE}&page[before]=end`],
      },
      { hotPath: 'GET /v2/containers/{id}', paths: ids.map((id) => `/v2/containers/${id}`) },
      { hotPath: `GET /v2/shipments?include=containers`, paths: [`/v2/shipments?include=containers&page[size]=${PAGE_SIZE}`] },
    ];
  }

  private async startServers(planFile: string): Promise<Servers> {
    const [apiPort, barePort] = [await freePort(), await freePort()];
    // One account makes every request: raise its buckets; each request still runs the real limiter.
    const api = spawnApp('api', {
      ...this.options.apiEnv,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      RATE_LIMIT_WINDOW_MS: '1000',
      RATE_LIMIT_DEFAULT: '1000000000',
      RATE_LIMIT_REFRESH: '1000000000',
    });
    const bare = spawnTypeScript({
      script: 'bench/servers/bare-api.server.ts',
      args: [String(barePort), planFile],
      env: this.options.apiEnv,
    });
    const servers = { apiOrigin: `http://127.0.0.1:${apiPort}`, bareOrigin: `http://127.0.0.1:${barePort}`, children: [api, bare] };
    try {
      await waitUntilServing(`${servers.apiOrigin}/health/ready`, api);
      await waitUntilServing(`${servers.bareOrigin}/health`, bare);
    } catch (error) {
      for (const child of servers.children) await stopChild(child);
      throw error;
    }
    return servers;
  }

  /** Both servers answer the scenario's first path with 200 and a page of data, or the bench stops saying which did not. */
  private async checkAnswers(servers: Servers, scenario: Scenario): Promise<void> {
    for (const origin of [servers.apiOrigin, servers.bareOrigin]) {
      const response = await request(`${origin}${scenario.paths[0]!}`, { headers: { authorization: `Token ${this.options.key}` } });
      const body = await response.body.text();
      const data = response.statusCode === 200 ? (JSON.parse(body) as { data?: unknown }).data : undefined;
      if (response.statusCode !== 200 || data === undefined || (Array.isArray(data) && data.length === 0)) {
        throw new Error(`${scenario.hotPath}: ${origin} answered ${response.statusCode} ${body.slice(0, 300)}`);
      }
    }
  }
}
