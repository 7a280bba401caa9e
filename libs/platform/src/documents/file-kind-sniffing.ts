import { looksLikeMail } from '@quayside/domain';
import type { FileKind } from '@quayside/domain';

// What file-type names each accepted kind (an animated PNG is still a PNG to read).
const KIND_OF_MIME: ReadonlyMap<string, FileKind> = new Map([
  ['application/pdf', 'pdf'],
  ['image/png', 'png'],
  ['image/apng', 'png'],
  ['image/jpeg', 'jpeg'],
  ['image/tiff', 'tiff'],
]);

/**
 * What the bytes are, from their signature: binary kinds by `file-type` (the ecosystem's
 * magic-number table, an ES module loaded on first use), mail by its header block, since
 * mail has no signature. `null` for anything not accepted.
 */
export async function sniffFileKind(bytes: Uint8Array): Promise<FileKind | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (type !== undefined) return KIND_OF_MIME.get(type.mime) ?? null;
  return looksLikeMail(bytes) ? 'eml' : null;
}
