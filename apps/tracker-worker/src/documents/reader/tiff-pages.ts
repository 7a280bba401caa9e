import * as UTIF from 'utif';

/**
 * The pages of a TIFF as PNGs, one at a time, for OCR: Tesseract in WebAssembly reads PNG but
 * not TIFF. Decoded by UTIF (pure JavaScript; uncompressed, LZW, PackBits, Deflate, CCITT fax
 * and JPEG TIFFs), re-encoded by @napi-rs/canvas; a page is decoded only when the one before it
 * was read, and only one page's pixels are held at a time (the reader's memory bound is sized
 * for one page, docs/documents.md "Memory of a reader"). The sizes were checked against the
 * pixel budget before (inspectDocument). At most `maxPages`; returns how many the file has.
 */
export async function tiffPagesAsPng(
  bytes: Buffer,
  maxPages: number,
  read: (index: number, png: Buffer) => Promise<void>,
  starting: (index: number) => void,
): Promise<number> {
  const { createCanvas, ImageData } = await import('@napi-rs/canvas');
  // UTIF wants an ArrayBuffer of exactly the file (a Node Buffer may be a view into a larger one).
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const images = UTIF.decode(buffer).filter((ifd) => ifd['t256'] !== undefined && ifd['t257'] !== undefined);
  const pageAsPng = (ifd: UTIF.IFD): Buffer => {
    UTIF.decodeImage(buffer, ifd);
    const rgba = UTIF.toRGBA8(ifd);
    // The decoded samples are not needed once in RGBA; the directory would keep them (and every
    // earlier page's) alive until the whole file is read.
    ifd.data = new Uint8Array(0);
    const canvas = createCanvas(ifd.width, ifd.height);
    // The RGBA pixels go to the canvas as they are, without another copy in an ImageData of its own.
    canvas
      .getContext('2d')
      .putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength), ifd.width, ifd.height), 0, 0);
    return canvas.toBuffer('image/png');
  };
  for (const [index, ifd] of images.slice(0, Math.max(maxPages, 0)).entries()) {
    starting(index);
    await read(index, pageAsPng(ifd));
  }
  return images.length;
}
