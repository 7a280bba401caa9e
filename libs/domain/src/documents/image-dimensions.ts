import type { FileKind } from './document-type.enum';

export interface ImageDimensions {
  width: number;
  height: number;
}

function pngDimensions(bytes: Uint8Array): ImageDimensions | null {
  // The IHDR chunk always comes first: width and height at offsets 16 and 20, big-endian.
  if (bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegDimensions(bytes: Uint8Array): ImageDimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Start-of-frame markers (C0–CF except DHT C4, JPG C8, DAC CC) carry height then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}

function tiffDimensions(bytes: Uint8Array): ImageDimensions | null {
  if (bytes.length < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[0] === 0x49;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > bytes.length) return null;
  const entries = view.getUint16(ifd, little);
  let width: number | null = null;
  let height: number | null = null;
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > bytes.length) return null;
    const tag = view.getUint16(entry, little);
    const type = view.getUint16(entry + 2, little);
    const value = type === 3 ? view.getUint16(entry + 8, little) : view.getUint32(entry + 8, little);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width !== null && height !== null ? { width, height } : null;
}

/**
 * The pixel size an image declares in its header, read without decoding it, so a small file
 * that would inflate to gigabytes (a decompression bomb) is refused before anything decodes it.
 * `null` when the header cannot be read (a corrupt image).
 */
export function imageDimensions(kind: FileKind, bytes: Uint8Array): ImageDimensions | null {
  switch (kind) {
    case 'png':
      return pngDimensions(bytes);
    case 'jpeg':
      return jpegDimensions(bytes);
    case 'tiff':
      return tiffDimensions(bytes);
    case 'pdf':
    case 'eml':
      return null;
  }
}
