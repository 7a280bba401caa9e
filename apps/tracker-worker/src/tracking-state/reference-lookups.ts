import type { ReferenceDataRepository } from '@quayside/data-access';
import type { ShippingLineRef } from './observation';

/**
 * The reference data one refresh group asks for (its carrier's line, the ports and terminals its
 * answers name), each asked of the database once: the 50 shipments of a routine job share a few
 * ports and one line, so they cost a few queries rather than several per shipment. Lives only as
 * long as the group, so reference data changed in between is seen by the next one.
 */
export class ReferenceLookups {
  private readonly ports = new Map<string, Promise<string | null>>();
  private readonly terminals = new Map<string, Promise<string | null>>();
  private readonly lines = new Map<string, Promise<ShippingLineRef>>();

  constructor(private readonly referenceData: ReferenceDataRepository) {}

  async shippingLine(scac: string): Promise<ShippingLineRef> {
    return this.remember(this.lines, scac, async () => {
      const line = await this.referenceData.findShippingLineByScac(scac);
      return {
        id: line?.id ?? null,
        scac: line?.scac ?? scac.toUpperCase(),
        name: line?.name ?? null,
        shortName: line?.short_name ?? null,
      };
    });
  }

  async terminalId(firmsCode: string): Promise<string | null> {
    return this.remember(this.terminals, firmsCode, async () => (await this.referenceData.findTerminalByFirmsCode(firmsCode))?.id ?? null);
  }

  /** The ids of the ports known among `locodes`; the ones not asked before in this group are asked together. */
  async portIds(locodes: ReadonlySet<string>): Promise<Map<string, string>> {
    const missing = [...locodes].filter((code) => !this.ports.has(code));
    if (missing.length > 0) {
      const found = this.referenceData.findPortsByCodes(missing).then((ports) => new Map(ports.map((port) => [port.code, port.id])));
      for (const code of missing) this.ports.set(code, handled(found.then((byCode) => byCode.get(code.trim().toUpperCase()) ?? null)));
    }
    const ids = new Map<string, string>();
    for (const code of locodes) {
      const id = await this.ports.get(code)!;
      if (id !== null) ids.set(code, id);
    }
    return ids;
  }

  private async remember<T>(memo: Map<string, Promise<T>>, key: string, ask: () => Promise<T>): Promise<T> {
    let answer = memo.get(key);
    if (answer === undefined) {
      answer = handled(ask());
      memo.set(key, answer);
    }
    return answer;
  }
}

/** The same promise, marked as handled: a failed lookup fails whoever awaits it, and never the process as an unawaited rejection. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
