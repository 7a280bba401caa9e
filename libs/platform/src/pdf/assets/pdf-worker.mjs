// Runs pdf.js (through unpdf) in a worker thread: pdf.js is an ES module with dynamic imports
// that CommonJS test runners cannot load, and a large PDF would otherwise hold the event loop
// (and with it the Bull lock renewals of every job in the process). See pdf-worker.client.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { extractTextItems, renderPageAsImage } from 'unpdf';

async function run({ op, bytes, pages, scale }) {
  if (op === 'text') {
    const { items } = await extractTextItems(new Uint8Array(bytes));
    return items.map((page) => page.map(({ str, x, y, width, fontSize }) => ({ str, x, y, width, fontSize })));
  }
  if (op === 'render') {
    const images = [];
    for (const page of pages) {
      // pdf.js takes ownership of the array it is given: each render gets a fresh copy.
      images.push(
        Buffer.from(await renderPageAsImage(new Uint8Array(bytes), page, { canvasImport: () => import('@napi-rs/canvas'), scale })),
      );
    }
    return images;
  }
  throw new Error(`unknown pdf worker operation ${String(op)}`);
}

run(workerData).then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);
