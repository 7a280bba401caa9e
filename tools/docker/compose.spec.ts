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

  it('runs Postgres, Redis, a one-shot migration and the three apps', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'tracker-worker', 'webhook-dispatcher']);
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
    expect(service('api').ports).toEqual([`${ports.api}:${ports.api}`]);
  });

  it('runs several replicas of each worker, which publish no port to collide on', () => {
    for (const worker of ['tracker-worker', 'webhook-dispatcher']) {
      expect(service(worker).deploy?.replicas).toBeGreaterThanOrEqual(2);
      expect(service(worker).ports).toBeUndefined();
    }
  });

  it('points every app and the migration at the same database and Redis, with the Postgres password it is given', () => {
    const postgres = service('postgres').environment ?? {};
    for (const name of [...APPS, 'migrate']) {
      const url = new URL(service(name).environment?.['DATABASE_URL'] ?? '');
      expect([url.hostname, url.password, url.pathname]).toEqual(['postgres', postgres['POSTGRES_PASSWORD'], `/${postgres['POSTGRES_DB']}`]);
    }
    for (const app of APPS) expect(service(app).environment?.['REDIS_URL']).toBe('redis://redis:6379');
  });
});
