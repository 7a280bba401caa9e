import { corruptFile, pixelBudgetProblem } from '@quayside/domain';
import type { UploadProblem } from '@quayside/domain';
import { imageSize } from 'image-size';
import * as UTIF from 'utif';

export interface PageSize {
  width: number;
  height: number;
}

const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/**
 * The size a PNG or JPEG declares in its header (image-size reads the header only), and whether
 * its end is there: a PNG ends with its IEND chunk, a JPEG's last scan is followed by its EOI
 * marker (entropy-coded data never holds an unescaped marker), so a truncated file is refused
 * here rather than half decoded later.
 */
export function rasterImageProblem(what: string, kind: 'png' | 'jpeg', bytes: Uint8Array, maxPixels: number): UploadProblem | null {
  let size: PageSize;
  try {
    const measured = imageSize(bytes);
    size = { width: measured.width, height: measured.height };
  } catch (error) {
    return corruptFile(what, `its ${kind.toUpperCase()} header is broken (${messageOf(error)})`);
  }
  if (!(size.width > 0 && size.height > 0)) return corruptFile(what, 'it declares no pixel size');
  const overBudget = pixelBudgetProblem(what, size.width, size.height, maxPixels);
  if (overBudget) return overBudget;
  const complete = kind === 'png' ? endsWith(bytes, PNG_END) : lastIndexOf(bytes, 0xff, 0xd9) > lastIndexOf(bytes, 0xff, 0xda);
  return complete ? null : corruptFile(what, 'it is truncated (its end is missing)');
}

/**
 * Every page of a TIFF with its declared size, from the image file directories (UTIF parses
 * them without decoding a pixel), or why the file cannot be read: no page, a page without a
 * size, or strips and tiles that point past the end of the file (a truncated file).
 */
export function tiffPages(what: string, bytes: Uint8Array): { pages: PageSize[] } | { problem: UploadProblem } {
  let directories: UTIF.IFD[];
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    directories = UTIF.decode(buffer);
  } catch (error) {
    return { problem: corruptFile(what, `its TIFF directories are broken (${messageOf(error)})`) };
  }
  const pages: PageSize[] = [];
  for (const directory of directories) {
    const width = firstNumber(directory['t256']);
    const height = firstNumber(directory['t257']);
    // Directories without a size are not images (EXIF, GPS and other side directories).
    if (width === null && height === null) continue;
    const page = `page ${pages.length + 1} of ${what}`;
    if (!(width !== null && height !== null && width > 0 && height > 0)) return { problem: corruptFile(page, 'it declares no pixel size') };
    if (
      !withinFile(directory['t273'], directory['t279'], bytes.length) ||
      !withinFile(directory['t324'], directory['t325'], bytes.length)
    ) {
      return { problem: corruptFile(page, 'its image data lies past the end of the file (truncated)') };
    }
    pages.push({ width, height });
  }
  if (pages.length === 0) return { problem: corruptFile(what, 'it holds no image') };
  return { pages };
}

function firstNumber(value: unknown): number | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'number' && Number.isFinite(first) ? first : null;
}

/** Every strip (or tile) of a page lies inside the file. */
function withinFile(offsets: unknown, counts: unknown, length: number): boolean {
  if (!Array.isArray(offsets)) return true;
  return offsets.every((offset: unknown, index) => {
    const count: unknown = Array.isArray(counts) ? counts[index] : 0;
    return typeof offset === 'number' && typeof count === 'number' && offset + count <= length;
  });
}

function endsWith(bytes: Uint8Array, tail: readonly number[]): boolean {
  return bytes.length >= tail.length && tail.every((byte, index) => bytes[bytes.length - tail.length + index] === byte);
}

function lastIndexOf(bytes: Uint8Array, first: number, second: number): number {
  for (let index = bytes.length - 2; index >= 0; index -= 1) if (bytes[index] === first && bytes[index + 1] === second) return index;
  return -1;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
