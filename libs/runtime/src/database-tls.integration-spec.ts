import { createTestCertificates, TestPostgresServer } from '@quayside/testing';
import type { TestCertificates } from '@quayside/testing';
import { createDatabaseConnection, ensureDatabase, withAdminClient } from '@quayside/data-access';
import type { DatabaseTls } from '@quayside/data-access';

/**
 * DATABASE_SSL_MODE as libpq means it, against a PostgreSQL of the test's own that accepts TLS
 * only, with a certificate authority made by the test. The server answers on 127.0.0.1 (named in
 * its certificate) and on 127.0.0.2 (not named), so the host check can be seen apart from the
 * chain check.
 */
describe('connections over TLS (DATABASE_SSL_MODE, DATABASE_SSL_CA_FILE)', () => {
  let certificates: TestCertificates;
  let otherCa: TestCertificates;
  let server: TestPostgresServer;

  beforeAll(async () => {
    [certificates, otherCa] = await Promise.all([createTestCertificates({ ip: ['127.0.0.1'] }), createTestCertificates()]);
    server = await TestPostgresServer.start({
      tls: { certFile: certificates.certFile, keyFile: certificates.keyFile },
      tlsOnly: true,
      addresses: ['127.0.0.1', '127.0.0.2'],
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await Promise.all([certificates?.remove(), otherCa?.remove()]);
  });

  /** Connects with these settings and answers whether the session is encrypted, or the error. */
  async function tryConnect(tls: DatabaseTls | undefined, host = '127.0.0.1'): Promise<string> {
    const connection = createDatabaseConnection(server.url('postgres', host), {}, { ...(tls ? { tls } : {}), poolTimeoutMs: 10_000 });
    try {
      await connection.initialize();
      const [row] = await connection.query<{ ssl: boolean }[]>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      return row?.ssl ? 'encrypted' : 'plain';
    } catch (error) {
      return `refused: ${(error as Error).message}`;
    } finally {
      if (connection.isInitialized) await connection.destroy();
    }
  }

  it('verify-full with the CA connects, encrypted, to the address its certificate names', async () => {
    await expect(tryConnect({ mode: 'verify-full', ca: certificates.ca })).resolves.toBe('encrypted');
  });

  it('verify-full refuses an address the certificate does not name; verify-ca, which checks only the chain, accepts it', async () => {
    await expect(tryConnect({ mode: 'verify-full', ca: certificates.ca }, '127.0.0.2')).resolves.toMatch(
      /^refused: .*IP: 127\.0\.0\.2 is not in the cert's list/,
    );
    await expect(tryConnect({ mode: 'verify-ca', ca: certificates.ca }, '127.0.0.2')).resolves.toBe('encrypted');
  });

  it('verify-full refuses a chain that does not lead to the CA given, or to a bundled one when none is given', async () => {
    await expect(tryConnect({ mode: 'verify-full', ca: otherCa.ca })).resolves.toMatch(
      /^refused: .*(unable to verify|self-signed|signature)/i,
    );
    await expect(tryConnect({ mode: 'verify-full' })).resolves.toMatch(/^refused: .*(unable to verify|self-signed)/i);
  });

  it('require encrypts without checking the certificate (no protection against a man in the middle)', async () => {
    await expect(tryConnect({ mode: 'require' }, '127.0.0.2')).resolves.toBe('encrypted');
  });

  it('without TLS the server, which accepts TLS only, refuses the connection', async () => {
    await expect(tryConnect(undefined)).resolves.toMatch(/^refused: .*no encryption/);
  });

  it('creates a missing database over TLS (the migrate tool’s first step)', async () => {
    const tls: DatabaseTls = { mode: 'verify-full', ca: certificates.ca };
    await expect(ensureDatabase(server.url('quayside_tls'), tls)).resolves.toBe(true);
    await expect(ensureDatabase(server.url('quayside_tls'), tls)).resolves.toBe(false);
    await expect(withAdminClient(server.url(), (client) => client.query('SELECT 1'))).rejects.toThrow(/no encryption/);
  });
});
