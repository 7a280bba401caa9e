// A reader process (DocumentReaderPool forks it): decoding and OCR of one document at a time,
// away from the worker. Whatever a hostile file does here — a decoder's exception, a native
// abort, running out of memory — ends at most this process; the worker sees it go and fails
// the document with the reason.
import { DocumentTextReader, UnreadableDocument } from './document-text-reader';
import { OcrEngine } from './ocr-engine';
import type { ReaderReply, ReadRequest } from './reader-messages';

const ocr = new OcrEngine();

function reply(message: ReaderReply): void {
  process.send?.(message);
}

async function read(request: ReadRequest): Promise<void> {
  const reader = new DocumentTextReader(ocr, request.settings, (what) => reply({ type: 'page', what }));
  try {
    reply({ type: 'text', text: await reader.read(request.kind, request.fileName, Buffer.from(request.bytes)) });
  } catch (error) {
    // Every failure of reading one file is that file's: decoders and OCR throw on bytes they cannot take.
    const message = error instanceof Error ? error.message : String(error);
    reply({ type: 'unreadable', message: error instanceof UnreadableDocument ? message : `The file cannot be read: ${message}` });
  }
}

process.on('message', (request: ReadRequest) => void read(request));
// An error thrown where no promise catches it (a decoder's callback or thread; OCR's own rejections
// come back through `recognize`, OcrEngine) is still this file's: it is answered as unreadable,
// then this process ends so the next document gets a fresh one.
process.on('uncaughtException', (error) => {
  const message: ReaderReply = { type: 'unreadable', message: `The file cannot be read: ${error.message}` };
  if (process.send) process.send(message, () => process.exit(70));
  else process.exit(70);
});
// The worker going away (its IPC channel closing) ends the reader too.
process.on('disconnect', () => process.exit(0));
