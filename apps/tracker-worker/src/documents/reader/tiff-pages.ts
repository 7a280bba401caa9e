import * as UTIF from 'utif';

/**
 * The pages of a TIFF as PNGs, one at a time, for OCR: Tesseract in WebAssembly reads PNG but
 * not TIFF. Decoded by UTIF (pure JavaScript; uncompressed, LZW, PackBits, Deflate, CCITT fax
 * and JPEG TIFFs), re-encoded by @napi-rs/canvas; a page is decoded only when the one before it
 * was read, so one page's pixels are in memory at a time. The sizes were checked against the
 * pixel budget before (inspectDocument). At most `maxPages`; returns how many the file has.
 */
export async function tiffPagesAsPng(
  bytes: Buffer,
  maxPages: number,
  read: (index: number, png: Buffer) => Promise<void>,
  starting: (index: number) => void,
): Promise<number> {
  const { createCanvas } = await import('@napi-rs/canvas');
  // UTIF wants an ArrayBuffer of exactly the file (a Node Buffer may be a view into a larger one).
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const images = UTIF.decode(buffer).filter((ifd) => ifd['t256'] !== undefined && ifd['t257'] !== undefined);
  for (const [index, ifd] of images.slice(0, Math.max(maxPages, 0)).entries()) {
    starting(index);
    UTIF.decodeImage(buffer, ifd);
    const canvas = createCanvas(ifd.width, ifd.height);
    const context = canvas.getContext('2d');
    const image = context.createImageData(ifd.width, ifd.height);
    image.data.set(UTIF.toRGBA8(ifd));
    context.putImageData(image, 0, 0);
    await read(index, canvas.toBuffer('image/png'));
  }
  return images.length;
}
