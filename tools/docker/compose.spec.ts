import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readComposeFile } from '@quayside/testing';
import type { ComposeService } from '@quayside/testing';

const APPS = ['api', 'tracker-worker', 'webhook-dispatcher'] as const;

describe('docker/compose.yaml', () => {
  const { services } = readComposeFile();

  function service(name: string): ComposeService {
    const found = services[name];
    if (found === undefined) throw new Error(`no service ${name}`);
    return found;
  }

  it('runs Postgres, Redis, a one-shot migration, the three apps and a gateway in front of the api', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'api-gateway',
      'migrate',
      'postgres',
      'redis',
      'tracker-worker',
      'webhook-dispatcher',
    ]);
  });

  it('gives Postgres and Redis health checks that the others wait on', () => {
    expect(service('postgres').healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(service('redis').healthcheck?.test.join(' ')).toContain('ping');
    expect(service('migrate').depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('migrates once, before any app starts', () => {
    expect(service('migrate').command).toEqual(['migrate']);
    expect(service('migrate').restart).toBe('no');
    expect(service('migrate').deploy?.replicas ?? 1).toBe(1);
    for (const app of APPS) {
      expect(service(app).depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
  });

  it('runs every app from the one image, chosen by its command', () => {
    const images = new Set([...APPS, 'migrate'].map((name) => service(name).image));
    expect([...images]).toEqual(['quayside:local']);
    for (const app of APPS) expect(service(app).command).toEqual([app]);
  });

  it('checks each app on /health/ready at the port it listens on', () => {
    const ports: Record<(typeof APPS)[number], string | undefined> = {
      api: service('api').environment?.['PORT'],
      'tracker-worker': service('tracker-worker').environment?.['OPS_PORT'],
      'webhook-dispatcher': service('webhook-dispatcher').environment?.['OPS_PORT'],
    };
    for (const app of APPS) {
      expect(ports[app]).toMatch(/^[1-9]\d*$/);
      expect(service(app).healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${ports[app]}/health/ready`);
    }
  });

  it('runs several replicas of each app, which publish no port to collide on', () => {
    for (const app of APPS) {
      expect(service(app).deploy?.replicas).toBeGreaterThanOrEqual(2);
      expect(service(app).ports).toBeUndefined();
    }
  });

  it('publishes the api through a gateway that spreads requests over its replicas, once they are ready', () => {
    const gateway = service('api-gateway');
    expect(gateway.ports).toEqual([`3000:${service('api').environment?.['PORT']}`]);
    expect(gateway.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    const config = readFileSync(path.join(__dirname, '..', '..', 'docker', 'nginx.conf'), 'utf8');
    // Docker's DNS answers with every replica; a variable makes nginx ask it again as they change.
    expect(config).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
    expect(config).toContain(`set $api http://api:${service('api').environment?.['PORT']};`);
    expect(config).toContain('proxy_pass $api;');
    expect(service('api').environment?.['TRUST_PROXY']).toBe('true');
  });

  it('points every app and the migration at the same database and Redis, with the Postgres password it is given', () => {
    const postgres = service('postgres').environment ?? {};
    for (const name of [...APPS, 'migrate']) {
      const url = new URL(service(name).environment?.['DATABASE_URL'] ?? '');
      expect([url.hostname, url.password, url.pathname]).toEqual([
        'postgres',
        postgres['POSTGRES_PASSWORD'],
        `/${postgres['POSTGRES_DB']}`,
      ]);
    }
    for (const app of APPS) expect(service(app).environment?.['REDIS_URL']).toBe('redis://redis:6379');
  });
});
