import * as UTIF from 'utif';

/**
 * The pages of a TIFF as PNGs, for OCR: Tesseract in WebAssembly reads PNG but not TIFF. Decoded
 * by UTIF (pure JavaScript; uncompressed, LZW, PackBits, Deflate, CCITT fax and JPEG TIFFs),
 * re-encoded by @napi-rs/canvas. At most `maxPages`; `total` says how many the file has.
 * The canvas (Skia, a native module with its fonts: about 9 MB resident) loads with the first
 * TIFF, not at boot (docs/architecture.md, "Memory").
 */
export async function tiffPagesAsPng(bytes: Buffer, maxPages: number): Promise<{ pages: Buffer[]; total: number }> {
  const { createCanvas } = await import('@napi-rs/canvas');
  // UTIF wants an ArrayBuffer of exactly the file (a Node Buffer may be a view into a larger one).
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const images = UTIF.decode(buffer).filter((ifd) => ifd['t256'] !== undefined && ifd['t257'] !== undefined);
  const pages: Buffer[] = [];
  for (const ifd of images.slice(0, Math.max(maxPages, 0))) {
    UTIF.decodeImage(buffer, ifd);
    const canvas = createCanvas(ifd.width, ifd.height);
    const context = canvas.getContext('2d');
    const image = context.createImageData(ifd.width, ifd.height);
    image.data.set(UTIF.toRGBA8(ifd));
    context.putImageData(image, 0, 0);
    pages.push(canvas.toBuffer('image/png'));
  }
  return { pages, total: images.length };
}
