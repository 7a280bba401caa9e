import { readFileSync } from 'node:fs';

/** Empty (no file), or a readable file holding PEM certificates: checked at boot so a wrong path stops the process. */
export function readsAsPem(path: unknown): boolean {
  if (typeof path !== 'string') return false;
  if (path === '') return true;
  try {
    return readFileSync(path, 'utf8').includes('-----BEGIN CERTIFICATE-----');
  } catch {
    return false;
  }
}
