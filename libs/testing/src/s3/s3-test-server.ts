import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible server on 127.0.0.1 (s3rver: the S3 REST API over a temporary directory),
 * so the S3 storage driver is tested through the real AWS SDK against a real HTTP store, as
 * it talks to MinIO or Ceph; s3rver accepts any credentials and checks signatures' shape only.
 */
export class S3TestServer {
  private constructor(
    private readonly server: S3rver,
    private readonly directory: string,
    readonly endpoint: string,
    readonly bucket: string,
  ) {}

  static async start(bucket = 'quayside-test'): Promise<S3TestServer> {
    const directory = await mkdtemp(join(tmpdir(), 'quayside-s3-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    return new S3TestServer(server, directory, `http://127.0.0.1:${port}`, bucket);
  }

  async close(): Promise<void> {
    await this.server.close();
    await rm(this.directory, { recursive: true, force: true });
  }
}
