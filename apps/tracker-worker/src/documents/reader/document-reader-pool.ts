import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { extname, join } from 'node:path';
import type { OnModuleDestroy } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import type { FileKind } from '@quayside/domain';
import pidusage from 'pidusage';
import { TrackerWorkerConfig } from '../../config/tracker-worker.config';
import type { DocumentText, ReaderSettings } from './document-text-reader';
import { UnreadableDocument } from './document-text-reader';
import type { ReaderReply, ReadRequest } from './reader-messages';

/**
 * A reader process stopped or was stopped before it answered (over its time or memory, or it
 * crashed): not the file's fault for sure (a loaded machine), so the document is tried again
 * until its attempts are spent, then failed with this reason.
 */
export class ReaderFault extends Error {}

// The same file compiled (dist, .js) or run from source (tests and `npm start`, .ts through swc-node).
const ENTRY = join(__dirname, `document-reader.child${extname(__filename)}`);
const LOADER = extname(__filename) === '.ts' ? ['-r', '@swc-node/register'] : [];
/** How often a reading process's resident memory is looked at. */
const MEMORY_CHECK_MS = 100;

/** One reader process, kept between documents while it has room for another page (`readerKeepMb`). */
class ReaderProcess {
  readonly child: ChildProcess;
  private exited = false;

  constructor(heapMb: number) {
    this.child = fork(ENTRY, [], {
      execArgv: [...LOADER, `--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.once('exit', () => {
      this.exited = true;
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

/**
 * The tracker-worker's document readers (docs/documents.md "Limits"): decoding and OCR run in
 * child processes, at most DOCUMENT_READERS at once. Child processes, not worker threads:
 * a worker thread's `resourceLimits` bound only its JavaScript heap, while the memory a hostile
 * file takes is Tesseract's WebAssembly memory and Skia's and libpng's native buffers, and a
 * native abort in a thread ends the whole process; a child process is bounded as a whole (its
 * resident memory, watched) and its end is only its own. Not Bull's sandboxed processors either:
 * they would move the whole job — claim, lease, the result's transaction — into the child with
 * a database pool of its own, and bound neither memory nor a page's time. Each document is
 * bounded in time (DOCUMENT_READ_TIMEOUT_MS), each page (DOCUMENT_PAGE_TIMEOUT_MS, from the
 * child's report that it starts one) and the process's resident memory
 * (DOCUMENT_READER_MAX_RSS_MB); past any of them the process is killed and the read fails with a
 * ReaderFault that says which.
 */
@Injectable()
export class DocumentReaderPool implements OnModuleDestroy {
  private readonly logger = new Logger('DocumentReaders');
  private readonly idle: ReaderProcess[] = [];
  private readonly busy = new Set<ReaderProcess>();
  private readonly waiting: (() => void)[] = [];
  private inUse = 0;

  constructor(private readonly config: TrackerWorkerConfig) {}

  /** Runs `work` with a reader slot held, waiting for one while DOCUMENT_READERS are busy. */
  async withReader<T>(work: (read: (kind: FileKind, fileName: string, bytes: Buffer) => Promise<DocumentText>) => Promise<T>): Promise<T> {
    if (this.inUse >= this.config.DOCUMENT_READERS) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inUse += 1;
    try {
      return await work((kind, fileName, bytes) => this.read(kind, fileName, bytes));
    } finally {
      this.inUse -= 1;
      this.waiting.shift()?.();
    }
  }

  async onModuleDestroy(): Promise<void> {
    for (const reader of [...this.idle, ...this.busy]) reader.kill();
    this.idle.length = 0;
  }

  private async read(kind: FileKind, fileName: string, bytes: Buffer): Promise<DocumentText> {
    const reader = this.takeReader();
    this.busy.add(reader);
    try {
      const text = await this.readWith(reader, { type: 'read', kind, fileName, bytes, settings: this.settings() });
      await this.keepOrRetire(reader);
      return text;
    } catch (error) {
      // After any failure the process goes: its memory may hold what the file left behind.
      reader.kill();
      throw error;
    } finally {
      this.busy.delete(reader);
    }
  }

  private settings(): ReaderSettings {
    return {
      ocrMaxPages: this.config.DOCUMENT_OCR_MAX_PAGES,
      limits: {
        maxBytes: Number.MAX_SAFE_INTEGER,
        maxPages: Number.MAX_SAFE_INTEGER,
        maxPixels: this.config.DOCUMENT_MAX_PIXELS,
        maxEmailDepth: this.config.DOCUMENT_MAX_EMAIL_DEPTH,
        maxAttachments: this.config.DOCUMENT_MAX_ATTACHMENTS,
      },
    };
  }

  private takeReader(): ReaderProcess {
    let reader = this.idle.pop();
    while (reader && !reader.alive) reader = this.idle.pop();
    return reader ?? new ReaderProcess(this.config.DOCUMENT_READER_MAX_RSS_MB);
  }

  /**
   * A reader is kept while a page of the full pixel budget still fits under its bound
   * (`readerKeepMb`): starting a reader and its OCR engine takes longer than reading an ordinary
   * page. One whose memory grew past that (WebAssembly memory never shrinks) is retired.
   */
  private async keepOrRetire(reader: ReaderProcess): Promise<void> {
    const rssMb = await residentMb(reader);
    if (rssMb !== null && rssMb <= this.config.readerKeepMb) this.idle.push(reader);
    else reader.kill();
  }

  private readWith(reader: ReaderProcess, request: ReadRequest): Promise<DocumentText> {
    const { DOCUMENT_READ_TIMEOUT_MS: documentMs, DOCUMENT_PAGE_TIMEOUT_MS: pageMs, DOCUMENT_READER_MAX_RSS_MB: maxMb } = this.config;
    return new Promise<DocumentText>((resolve, reject) => {
      const child = reader.child;
      let page = 'the file';
      let pageTimer: NodeJS.Timeout | undefined;
      const stop = (error: Error): void => {
        finish();
        reader.kill();
        reject(error);
      };
      const startPage = (what: string): void => {
        page = what;
        clearTimeout(pageTimer);
        pageTimer = setTimeout(
          () => stop(new ReaderFault(`Reading ${page} took longer than ${pageMs} ms (DOCUMENT_PAGE_TIMEOUT_MS).`)),
          pageMs,
        );
      };
      const documentTimer = setTimeout(
        () => stop(new ReaderFault(`Reading the document took longer than ${documentMs} ms (DOCUMENT_READ_TIMEOUT_MS).`)),
        documentMs,
      );
      const memoryTimer = setInterval(() => {
        void residentMb(reader).then((rssMb) => {
          if (rssMb !== null && rssMb > maxMb)
            stop(new ReaderFault(`Reading ${page} needed more than ${maxMb} MB of memory (DOCUMENT_READER_MAX_RSS_MB).`));
        });
      }, MEMORY_CHECK_MS);
      const onMessage = (reply: ReaderReply): void => {
        if (reply.type === 'page') return startPage(reply.what);
        finish();
        if (reply.type === 'text') resolve(reply.text);
        else reject(new UnreadableDocument(reply.message));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        finish();
        reject(new ReaderFault(`The reader process stopped while reading ${page} (${signal ?? `exit code ${code}`}).`));
      };
      const finish = (): void => {
        clearTimeout(documentTimer);
        clearTimeout(pageTimer);
        clearInterval(memoryTimer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      startPage('the file');
      child.send(request, (error) => {
        if (error) stop(new ReaderFault(`The reader process could not be reached: ${error.message}`));
      });
    }).catch((error: unknown) => {
      if (error instanceof ReaderFault) this.logger.warn(error.message);
      throw error;
    });
  }
}

async function residentMb(reader: ReaderProcess): Promise<number | null> {
  const pid = reader.child.pid;
  if (pid === undefined || !reader.alive) return null;
  try {
    return (await pidusage(pid)).memory / (1024 * 1024);
  } catch {
    return null;
  }
}
