import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

export interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  restart?: string;
}

/** docker/compose.yaml as Compose reads it (YAML merge keys `<<:` applied). */
export function readComposeFile(): { services: Record<string, ComposeService> } {
  return parse(readFileSync(path.join(ROOT, 'docker', 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
}

/** `ENV` of the image's last stage (docker/Dockerfile), which every service's environment is laid over. */
function imageEnvironment(): Record<string, string> {
  const dockerfile = readFileSync(path.join(ROOT, 'docker', 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, pairs = ''] of runtime.matchAll(/^ENV (.+)$/gm)) {
    for (const [, name = '', value = ''] of pairs.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name] = value;
  }
  return env;
}

/** The environment a service of docker/compose.yaml runs with: the image's ENV, then the service's. */
export function composeEnvironment(service: string): Record<string, string> {
  const found = readComposeFile().services[service];
  if (found === undefined) throw new Error(`docker/compose.yaml has no service ${service}`);
  return { ...imageEnvironment(), ...(found.environment ?? {}) };
}
