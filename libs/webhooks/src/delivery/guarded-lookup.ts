import { isIP } from 'node:net';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { AllowList } from '../url-safety/address-policy';
import { blockedAddressReason, isAllowedHost } from '../url-safety/address-policy';
import type { HostResolver } from '../url-safety/resolve-host';

/** A connection the URL policy refuses at connect time; never retried into the same address. */
export class BlockedAddressError extends Error {
  readonly code = 'E_WEBHOOK_BLOCKED_ADDRESS';
  constructor(
    readonly host: string,
    reason: string,
  ) {
    super(`refused to connect to "${host}": ${reason}`);
    this.name = 'BlockedAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect that resolves the host itself and refuses when any answer is
 * an address webhooks may not reach. Checking here, not only when the webhook was saved, is
 * what defeats DNS rebinding: the socket connects to exactly the addresses just checked.
 */
export function guardedLookup(allow: AllowList, resolve: HostResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (answers) => {
        const trusted = isAllowedHost(hostname, allow);
        for (const address of answers) {
          const reason = trusted ? null : blockedAddressReason(address, allow);
          if (reason) {
            callback(new BlockedAddressError(hostname, reason), []);
            return;
          }
        }
        const wanted = answers
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => entry.family !== 0 && (!options.family || options.family === entry.family));
        if (wanted.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`no usable address for "${hostname}"`);
          error.code = 'ENOTFOUND';
          callback(error, []);
          return;
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
    );
  };
}
