import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A run of text on a PDF page as pdf.js reports it (PDF coordinates: origin bottom-left). */
export interface PdfTextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

/** pdf.js could not open or read the file (corrupt, encrypted, not a PDF). */
export class PdfReadError extends Error {}

type Reply<T> = { ok: true; result: T } | { ok: false; error: string };

// Plain JavaScript beside this file (copied as is by tools/build.js, like every assets/ folder).
const WORKER_FILE = join(__dirname, 'assets', 'pdf-worker.mjs');
// A PDF whose content streams inflate beyond this (a decompression bomb past the upload checks)
// ends its own worker thread, not the process, and is reported as unreadable.
const WORKER_HEAP_MB = 1024;

function inWorker<T>(
  data: { op: 'text'; bytes: Uint8Array } | { op: 'render'; bytes: Uint8Array; pages: number[]; scale: number },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: data, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let settled = false;
    worker.once('message', (reply: Reply<T>) => {
      settled = true;
      if (reply.ok) resolve(reply.result);
      else reject(new PdfReadError(reply.error));
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      settled = true;
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PdfReadError(`reading it needs more than ${WORKER_HEAP_MB} MB`) : error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`pdf worker stopped (exit code ${code}) before answering`));
    });
  });
}

/**
 * Each page's text runs with their positions (unpdf's `extractTextItems`), read in a worker
 * thread: pdf.js is an ES module CommonJS code cannot load synchronously, and parsing a large
 * PDF would otherwise block this process's event loop.
 */
export function pdfTextRuns(bytes: Buffer): Promise<PdfTextRun[][]> {
  return inWorker<PdfTextRun[][]>({ op: 'text', bytes: new Uint8Array(bytes) });
}

/** Pages (1-based) rendered to PNG by pdf.js on @napi-rs/canvas, at `scale` × 72 dpi. */
export async function renderPdfPages(bytes: Buffer, pages: readonly number[], scale: number): Promise<Buffer[]> {
  const images = await inWorker<Uint8Array[]>({ op: 'render', bytes: new Uint8Array(bytes), pages: [...pages], scale });
  return images.map((image) => Buffer.from(image));
}
