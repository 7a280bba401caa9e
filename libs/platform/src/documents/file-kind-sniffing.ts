import { FILE_KIND_CONTENT_TYPES, FILE_KINDS, looksLikeMail } from '@quayside/domain';
import type { FileKind } from '@quayside/domain';

// What file-type names each accepted kind: its content type, and an animated PNG is still a PNG to read.
const KIND_OF_MIME: ReadonlyMap<string, FileKind> = new Map([
  ...FILE_KINDS.map((kind) => [FILE_KIND_CONTENT_TYPES[kind], kind] as const),
  ['image/apng', 'png'],
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
