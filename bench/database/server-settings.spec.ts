import { describeServer } from './server-settings';

describe('the run header line about the server', () => {
  it('names the version and the settings that price the largest sizes', () => {
    expect(
      describeServer({
        server_version: '15.19 (Debian 15.19-0+deb12u1)',
        shared_buffers: '128MB',
        max_wal_size: '1GB',
        checkpoint_timeout: '5min',
        wal_compression: 'off',
        synchronous_commit: 'on',
      }),
    ).toBe('PostgreSQL 15.19: shared_buffers 128MB, max_wal_size 1GB, checkpoint_timeout 5min, wal_compression off, synchronous_commit on');
  });
});
