import { join } from 'node:path';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
// eslint-disable-next-line no-restricted-imports -- `apps` is the Kubernetes API group here, not one of our apps
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import type { RenderedObject } from './render-chart';
import { renderChart } from './render-chart';

const CHART = join(__dirname, '..', '..', 'deploy', 'helm', 'quayside');

/** A model class of kubernetes-models: built from a plain object, it checks it against the OpenAPI schema of its kind. */
type Model = new (data: unknown) => { validate(): void };

/** Every kind the chart may render, with the schema validator of its API version. */
const MODELS: Record<string, unknown> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

type Manifest = Record<string, unknown> & { kind: string; metadata: { name: string; annotations?: Record<string, string> } };

/** Renders, validates every object against its Kubernetes (or KEDA) OpenAPI schema, and returns them. */
function renderValid(values: Record<string, unknown> = {}): Manifest[] {
  const objects: RenderedObject[] = renderChart(CHART, { values });
  for (const { source, object } of objects) {
    const Model = MODELS[`${String(object.apiVersion)}/${String(object.kind)}`] as Model | undefined;
    if (Model === undefined) throw new Error(`${source}: no schema known for ${String(object.apiVersion)} ${String(object.kind)}`);
    try {
      new Model(object).validate();
    } catch (error) {
      throw new Error(`${source} (${String(object.kind)}): ${(error as Error).message}`);
    }
  }
  return objects.map(({ object }) => object as Manifest);
}

function find(objects: Manifest[], kind: string, name: string): Manifest {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (found === undefined) throw new Error(`no ${kind} ${name} among ${objects.map((o) => `${o.kind}/${o.metadata.name}`).join(', ')}`);
  return found;
}

/** The fields of a pod the tests read (the rest is checked by the schemas). */
interface Probe {
  httpGet?: { path: string; port: string };
}
interface Container {
  image: string;
  args?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: unknown[];
  ports?: { name: string; containerPort: number; protocol: string }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  securityContext?: Record<string, unknown>;
  resources?: { requests?: Record<string, string> };
}
interface PodSpec {
  securityContext?: Record<string, unknown>;
  containers: Container[];
}

function podSpec(object: Manifest): PodSpec {
  return (object.spec as { template: { spec: PodSpec } }).template.spec;
}

function container(object: Manifest): Container {
  const [first] = podSpec(object).containers;
  if (first === undefined) throw new Error(`${object.metadata.name} has no container`);
  return first;
}

function env(object: Manifest): Record<string, string | undefined> {
  return Object.fromEntries((container(object).env ?? []).map((variable) => [variable.name, variable.value]));
}

describe('the Helm chart deploy/helm/quayside', () => {
  describe('with its default values', () => {
    const objects = renderValid();

    it('renders only objects that validate against the Kubernetes schemas', () => {
      expect(objects.map((object) => `${object.kind}/${object.metadata.name}`).sort()).toEqual([
        'ConfigMap/quayside-config',
        'Deployment/quayside-api',
        'Deployment/quayside-tracker-worker',
        'Deployment/quayside-webhook-dispatcher',
        'Job/quayside-migrate',
        'PodDisruptionBudget/quayside-api',
        'PodDisruptionBudget/quayside-tracker-worker',
        'PodDisruptionBudget/quayside-webhook-dispatcher',
        'Secret/quayside-secret',
        'Service/quayside-api',
        'Service/quayside-tracker-worker',
        'Service/quayside-webhook-dispatcher',
      ]);
    });

    it('runs each app from the one image, chosen by its command as docker/entrypoint.sh does', () => {
      for (const app of ['api', 'tracker-worker', 'webhook-dispatcher']) {
        const deployment = find(objects, 'Deployment', `quayside-${app}`);
        expect(container(deployment).image).toBe('quayside:0.2.0');
        expect(container(deployment).args).toEqual([app]);
      }
      expect(container(find(objects, 'Job', 'quayside-migrate')).args).toEqual(['migrate']);
    });

    it('migrates in a Job before every install and upgrade, after its settings exist', () => {
      const job = find(objects, 'Job', 'quayside-migrate');
      expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      for (const settings of [find(objects, 'ConfigMap', 'quayside-config'), find(objects, 'Secret', 'quayside-secret')]) {
        expect(settings.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
        expect(Number(settings.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(
          Number(job.metadata.annotations?.['helm.sh/hook-weight']),
        );
      }
    });

    it('gives every app the database, Redis and the settings it needs to serve in a pod', () => {
      const secret = find(objects, 'Secret', 'quayside-secret').stringData as Record<string, string>;
      expect(secret['DATABASE_URL']).toMatch(/^postgres:\/\//);
      expect(secret['REDIS_URL']).toMatch(/^redis:\/\//);
      expect(env(find(objects, 'Deployment', 'quayside-api'))).toEqual(expect.objectContaining({ HOST: '0.0.0.0', PORT: '3000' }));
      expect(env(find(objects, 'Deployment', 'quayside-tracker-worker'))).toEqual(
        expect.objectContaining({ OPS_HOST: '0.0.0.0', OPS_PORT: '9464' }),
      );
      expect(env(find(objects, 'Deployment', 'quayside-webhook-dispatcher'))).toEqual(
        expect.objectContaining({ OPS_HOST: '0.0.0.0', OPS_PORT: '9465' }),
      );
      for (const deployment of objects.filter((object) => object.kind === 'Deployment')) {
        expect(container(deployment).envFrom).toEqual([
          { configMapRef: { name: 'quayside-config' } },
          { secretRef: { name: 'quayside-secret' } },
        ]);
      }
    });

    it('probes the health endpoints: the api on its HTTP port, the workers on their ops port', () => {
      for (const [app, port] of [
        ['api', 'http'],
        ['tracker-worker', 'ops'],
        ['webhook-dispatcher', 'ops'],
      ]) {
        const main = container(find(objects, 'Deployment', `quayside-${app}`));
        expect(main.livenessProbe?.httpGet).toEqual({ path: '/health/live', port });
        expect(main.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port });
        expect(main.ports?.find((p) => p.name === port)?.containerPort).toBe(app === 'api' ? 3000 : app === 'tracker-worker' ? 9464 : 9465);
      }
    });

    it('runs every pod as a non-root user with a read-only root, with resources set', () => {
      for (const workload of objects.filter((object) => object.kind === 'Deployment' || object.kind === 'Job')) {
        expect(podSpec(workload).securityContext).toEqual(expect.objectContaining({ runAsNonRoot: true, runAsUser: 1000 }));
        expect(container(workload).securityContext).toEqual(
          expect.objectContaining({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true }),
        );
        expect(container(workload).resources?.requests?.['memory']).toMatch(/^\d+Mi$/);
      }
    });
  });

  it('scales the workers on the depth of the Bull wait lists of their queues with KEDA when asked', () => {
    const objects = renderValid({
      autoscaling: { enabled: true, redis: { passwordSecret: { name: 'redis', key: 'password' } } },
      config: { REDIS_PREFIX: 'prod' },
    });
    const lists = (name: string): unknown[] =>
      (find(objects, 'ScaledObject', name).spec as { triggers: { type: string; metadata: { listName: string } }[] }).triggers.map(
        (trigger) => [trigger.type, trigger.metadata.listName],
      );
    expect(lists('quayside-tracker-worker')).toEqual([['redis', 'prod:tracker:wait']]);
    expect(lists('quayside-webhook-dispatcher')).toEqual([
      ['redis', 'prod:webhook-fanout:wait'],
      ['redis', 'prod:webhook-delivery:wait'],
    ]);
    expect(find(objects, 'ScaledObject', 'quayside-tracker-worker').spec).toEqual(
      expect.objectContaining({ scaleTargetRef: { name: 'quayside-tracker-worker' }, minReplicaCount: 1, maxReplicaCount: 10 }),
    );
    expect(find(objects, 'TriggerAuthentication', 'quayside-tracker-worker-redis').spec).toEqual({
      secretTargetRef: [{ parameter: 'password', name: 'redis', key: 'password' }],
    });
    // KEDA owns the worker replica count; the api keeps its own.
    expect(find(objects, 'Deployment', 'quayside-tracker-worker').spec).not.toHaveProperty('replicas');
    expect(find(objects, 'Deployment', 'quayside-api').spec).toHaveProperty('replicas', 2);
  });

  it('opens the SMTP listener of the api on its own Service when enabled', () => {
    const objects = renderValid({ api: { smtp: { enabled: true } } });
    const api = find(objects, 'Deployment', 'quayside-api');
    expect(env(api)).toEqual(
      expect.objectContaining({
        SMTP_ENABLED: 'true',
        SMTP_HOST: '0.0.0.0',
        SMTP_PORT: '2525',
        INBOUND_EMAIL_DOMAIN: 'inbound.example.com',
      }),
    );
    expect(container(api).ports).toContainEqual({ name: 'smtp', containerPort: 2525, protocol: 'TCP' });
    expect((find(objects, 'Service', 'quayside-smtp').spec as { ports: unknown[] }).ports).toEqual([
      { name: 'smtp', port: 25, targetPort: 'smtp', protocol: 'TCP' },
    ]);
  });

  it('routes an Ingress with TLS to the api when enabled, and uses a Secret made beforehand when named', () => {
    const objects = renderValid({
      ingress: { enabled: true, className: 'nginx', host: 'track.example.org', tlsSecretName: 'track-tls' },
      secret: { create: false, existingSecret: 'quayside-prod' },
    });
    expect(find(objects, 'Ingress', 'quayside').spec).toEqual(
      expect.objectContaining({ ingressClassName: 'nginx', tls: [{ hosts: ['track.example.org'], secretName: 'track-tls' }] }),
    );
    expect(objects.some((object) => object.kind === 'Secret')).toBe(false);
    expect(container(find(objects, 'Deployment', 'quayside-api')).envFrom).toContainEqual({ secretRef: { name: 'quayside-prod' } });
  });

  it('fails when a rendered object breaks its schema', () => {
    expect(() => renderValid({ image: { pullPolicy: 'Sometimes' } })).toThrow(
      /templates\/api-deployment.yaml \(Deployment\): .*imagePullPolicy/,
    );
  });

  it('refuses to render without a database URL', () => {
    expect(() => renderChart(CHART, { values: { secret: { DATABASE_URL: '' } } })).toThrow(/secret.DATABASE_URL is required/);
  });
});
