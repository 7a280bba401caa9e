import { readFileSync } from 'node:fs';
import type { AdapterRegistryConfig } from '@quayside/carriers';
import { SANDBOX_ALTERNATE_TERMINAL_FIRMS_CODE, SANDBOX_RAIL_SCAC, SANDBOX_SCAC, SANDBOX_TERMINAL_FIRMS_CODE } from '@quayside/carriers';
import type { TrackerWorkerConfig } from '../config/tracker-worker.config';

/** With no configuration the worker tracks the sandbox only, so it runs offline out of the box. */
export function sandboxOnlyRegistryConfig(clockCompression: number): AdapterRegistryConfig {
  return {
    carriers: [{ scac: SANDBOX_SCAC, kind: 'sandbox' }],
    terminals: [
      { firmsCode: SANDBOX_TERMINAL_FIRMS_CODE, kind: 'sandbox' },
      { firmsCode: SANDBOX_ALTERNATE_TERMINAL_FIRMS_CODE, kind: 'sandbox' },
    ],
    rail: [{ scac: SANDBOX_RAIL_SCAC, kind: 'sandbox' }],
    sandbox: { clockCompression },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown, name: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`CARRIERS_CONFIG: "${name}" must be an array`);
  return value;
}

/**
 * Reads the adapter configuration (file first, then the JSON variable, else sandbox only) and
 * checks its outline; the registry checks each entry. SANDBOX_CLOCK_COMPRESSION always sets
 * the sandbox clock so `npm start` can speed up any configuration.
 */
export function adapterRegistryConfig(config: TrackerWorkerConfig): AdapterRegistryConfig {
  const text = config.CARRIERS_CONFIG_FILE ? readFileSync(config.CARRIERS_CONFIG_FILE, 'utf8') : config.CARRIERS_CONFIG;
  if (text === undefined || text.trim() === '') return sandboxOnlyRegistryConfig(config.SANDBOX_CLOCK_COMPRESSION);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`CARRIERS_CONFIG is not valid JSON: ${String(error)}`);
  }
  if (!isRecord(parsed)) throw new Error('CARRIERS_CONFIG must be a JSON object with "carriers", "terminals" and "rail" arrays');
  const entries = (name: string): Array<Record<string, unknown>> =>
    listOf(parsed[name], name).map((entry, index) => {
      if (!isRecord(entry) || typeof entry['kind'] !== 'string') throw new Error(`CARRIERS_CONFIG: ${name}[${index}] needs a "kind"`);
      return entry;
    });
  return {
    carriers: entries('carriers') as unknown as AdapterRegistryConfig['carriers'],
    terminals: entries('terminals') as unknown as AdapterRegistryConfig['terminals'],
    rail: entries('rail') as unknown as AdapterRegistryConfig['rail'],
    sandbox: { clockCompression: config.SANDBOX_CLOCK_COMPRESSION },
  };
}
