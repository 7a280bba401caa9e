import { lookup } from 'node:dns/promises';

/** Every address a host name resolves to. Tests pass their own to play a DNS that changes its mind. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
