import { extname, join } from 'node:path';
import type { UploadLimits } from '@quayside/domain';
import { Piscina } from 'piscina';
import type { Inspection } from './document-inspection';

export interface DocumentInspectorSettings {
  /** Longest one file's checks may take (DOCUMENT_INSPECT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Heap of the thread that checks (DOCUMENT_INSPECT_MAX_HEAP_MB). */
  maxHeapMb: number;
  /** Files checked at once (DOCUMENT_INSPECTION_THREADS). */
  threads: number;
}

// The same file compiled (dist, .js) or run from source (tests and `npm start`, .ts through swc-node).
const ENTRY = join(__dirname, `document-inspection.worker${extname(__filename)}`);
const EXEC_ARGV = extname(__filename) === '.ts' ? ['-r', '@swc-node/register'] : [];

/**
 * Runs the checks of uploaded and mailed files (inspectDocument) in worker threads (piscina):
 * the parsers read bytes from anyone — pdf-lib, UTIF, mailparser — and a file built to make one
 * of them loop, or allocate without end, must not hold the api's event loop or its memory. A
 * check past its time is stopped (its thread ended) and one past its heap ends its thread; both
 * refuse the file as too large to check, and the next file gets a fresh thread.
 */
export class DocumentInspector {
  private readonly pool: Piscina;

  constructor(
    private readonly limits: UploadLimits,
    private readonly settings: DocumentInspectorSettings,
  ) {
    this.pool = new Piscina({
      filename: ENTRY,
      execArgv: EXEC_ARGV,
      // No thread until the first upload, and none kept long after the last.
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: settings.maxHeapMb },
    });
  }

  async inspect(fileName: string, bytes: Uint8Array): Promise<Inspection> {
    try {
      return (await this.pool.run(
        { fileName, bytes, limits: this.limits },
        { signal: AbortSignal.timeout(this.settings.timeoutMs) },
      )) as Inspection;
    } catch (error) {
      const { name, code } = error as { name?: string; code?: string };
      if (name === 'AbortError') return tooLargeToCheck(fileName, `more than ${this.settings.timeoutMs} ms (DOCUMENT_INSPECT_TIMEOUT_MS)`);
      if (code === 'ERR_WORKER_OUT_OF_MEMORY')
        return tooLargeToCheck(fileName, `more than ${this.settings.maxHeapMb} MB (DOCUMENT_INSPECT_MAX_HEAP_MB)`);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

function tooLargeToCheck(fileName: string, what: string): Inspection {
  return {
    problem: { status: 422, code: 'too_large', detail: `The file ${fileName} needs ${what} to be checked; it is too complex to accept.` },
  };
}
