import { readdirSync, readFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { loadConfig } from '@quayside/platform';
import { eventually, realPng } from '@quayside/testing';
import { TrackerWorkerConfig } from '../../config/tracker-worker.config';
import { DocumentReaderPool } from './document-reader-pool';
import { UnreadableDocument } from './document-text-reader';

/** This process's reader processes alive now, from the kernel's lists (Linux /proc). */
function readerPids(): number[] {
  return readdirSync(`/proc/${process.pid}/task`)
    .flatMap((task) => readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('document-reader.child');
      } catch {
        return false; // it ended meanwhile
      }
    });
}

/** A scan: a white PNG of `width` × `height` with one line of text, read by OCR. */
function scan(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000';
  context.font = '40px sans-serif';
  context.fillText('B/L No.: MAEU123456789', 40, 80);
  return canvas.toBuffer('image/png');
}

/**
 * Reader processes kept between documents (docs/documents.md "Limits of reading"): starting one
 * and its OCR engine takes seconds, reading an ordinary scan a fraction of one, so scan after
 * scan is read by the same process; one whose memory grew with a large page is replaced.
 * Real reader processes and Tesseract, with the defaults (640 MB, 12 MP).
 */
describe('DocumentReaderPool keeps its readers while they have room for a page', () => {
  let pool: DocumentReaderPool;

  beforeAll(() => {
    pool = new DocumentReaderPool(loadConfig('tracker-worker', TrackerWorkerConfig, { LOG_LEVEL: 'silent' }));
  });

  afterAll(() => pool.onModuleDestroy());

  const readScan = async (width: number, height: number): Promise<string> => {
    const text = await pool.withReader((read) => read('png', 'scan.png', scan(width, height)));
    return text.pages.join('\n');
  };

  it('reads scan after scan in one reader process, and replaces it after a page that grew it', async () => {
    await expect(readScan(800, 200)).resolves.toContain('MAEU123456789');
    const [first, ...others] = readerPids();
    expect(others).toEqual([]);
    expect(first).toEqual(expect.any(Number));

    await expect(readScan(800, 200)).resolves.toContain('MAEU123456789');
    await expect(readScan(900, 200)).resolves.toContain('MAEU123456789');
    expect(readerPids()).toEqual([first]);

    // 9 MP read by OCR leaves Tesseract's WebAssembly memory grown for good (about 470 MB): less
    // room than a 12 MP page needs under 640 MB, so this reader goes and the next scan gets a new one.
    await expect(readScan(3000, 3000)).resolves.toContain('MAEU123456789');
    // Killed (SIGKILL) as it is retired: gone once the kernel has ended it.
    await eventually(readerPids, (pids) => pids.length === 0, 'the grown reader to end');
    await expect(readScan(800, 200)).resolves.toContain('MAEU123456789');
    const [next, ...more] = readerPids();
    expect(more).toEqual([]);
    expect(next).not.toBe(first);
  }, 600_000);

  it("fails a PNG whose image data OCR cannot decode with that page's reason, and reads the next scan", async () => {
    // One byte of the compressed image data flipped: the file still ends as a PNG must (the checks
    // pass), but libpng finds the data check wrong and Tesseract cannot read the image.
    const damaged = realPng();
    damaged[Math.floor(damaged.length * 0.3)]! ^= 0xff;

    const failure = pool.withReader((read) => read('png', 'scan.png', damaged));
    await expect(failure).rejects.toThrow(UnreadableDocument);
    await expect(failure).rejects.toThrow('The file scan.png cannot be read by OCR: Error attempting to read image.');
    await expect(readScan(800, 200)).resolves.toContain('MAEU123456789');
  }, 600_000);
});
