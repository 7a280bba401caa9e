import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestCertificates {
  /** PEM files in a temporary folder of their own (`remove()` deletes it). */
  caFile: string;
  certFile: string;
  keyFile: string;
  ca: string;
  cert: string;
  key: string;
  remove(): Promise<void>;
}

/** How a server's certificate names it: DNS names and IP addresses for its subjectAltName. */
export interface CertificateNames {
  dns?: readonly string[];
  ip?: readonly string[];
}

/**
 * A certificate authority made for one test and a server certificate it signed, with Debian's
 * `openssl` (P-256 keys: quick to make). Nothing is trusted beyond the test that makes it.
 */
export async function createTestCertificates(
  names: CertificateNames = { ip: ['127.0.0.1'], dns: ['localhost'] },
): Promise<TestCertificates> {
  const dir = await mkdtemp(path.join(tmpdir(), 'qs-certs-'));
  const file = (name: string): string => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '2',
    '-subj',
    '/CN=Quayside test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await run('openssl', ['req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=quayside-test-server']);
  const altNames = [...(names.dns ?? []).map((name) => `DNS:${name}`), ...(names.ip ?? []).map((ip) => `IP:${ip}`)].join(',');
  await writeFile(
    file('server.ext'),
    `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=${altNames}\n`,
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.crt'),
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
  ]);
  return {
    caFile: file('ca.crt'),
    certFile: file('server.crt'),
    keyFile: file('server.key'),
    ca: await readFile(file('ca.crt'), 'utf8'),
    cert: await readFile(file('server.crt'), 'utf8'),
    key: await readFile(file('server.key'), 'utf8'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
