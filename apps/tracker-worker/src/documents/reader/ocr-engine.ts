import { dirname, join } from 'node:path';
import { createWorker } from 'tesseract.js';
import type { Worker } from 'tesseract.js';

/**
 * English language data shipped by the `@tesseract.js-data/eng` package (its `4.0.0` folder,
 * gzipped): OCR reads it from node_modules and downloads nothing at run time.
 */
export function englishLangPath(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

/**
 * OCR through tesseract.js (Tesseract compiled to WebAssembly, in a worker thread). One worker
 * is started on first use and kept: loading the language data takes longer than reading a page.
 * Pages are read one at a time: a reader process reads one document at a time.
 */
export class OcrEngine {
  private worker: Promise<Worker> | null = null;

  async recognize(image: Buffer): Promise<string> {
    const worker = await this.start();
    try {
      const result = await worker.recognize(image);
      return result.data.text;
    } catch (error) {
      // tesseract.js rejects with its error as a string ("Error: Error attempting to read image.").
      throw new Error(String(error).replace(/^Error: /, ''));
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }

  private start(): Promise<Worker> {
    // cacheMethod none: the language data is read from node_modules, never copied to the working directory.
    // errorHandler: without one, tesseract.js also throws each rejection where nothing catches it,
    // and a page it cannot decode (a damaged PNG) would end the reader process as an uncaught error
    // before `recognize` rejects with the page's reason.
    this.worker ??= createWorker('eng', 1, {
      langPath: englishLangPath(),
      gzip: true,
      cacheMethod: 'none',
      errorHandler: () => undefined,
    }).catch((error: unknown) => {
      this.worker = null;
      throw error;
    });
    return this.worker;
  }
}
