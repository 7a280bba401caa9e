import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const IMAGES = path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'images');

/**
 * The instant the browser tests' data and browser clock are set to, so the committed pictures
 * show the same dates on every run (they were made with it).
 */
export const SCREENSHOT_NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

/**
 * Share of pixels that may differ. Font antialiasing is already left out by pixelmatch's
 * antialiasing detection; this allows a few glyph edges more (another FreeType build) and
 * nothing like a moved or changed element, which touches thousands of pixels.
 */
export const MAX_MISMATCH_RATIO = 0.003;
/** Per-pixel colour distance (pixelmatch's YIQ threshold) below which two pixels count as the same. */
const PIXEL_THRESHOLD = 0.1;

/** A rectangle of a picture, in its pixels (a Playwright bounding box). */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Paints these regions of the picture white: what changes from run to run by nature (the dates of
 * a real demo run) is left out of a comparison, in the committed picture and the new one alike.
 */
export function blankRegions(png: PNG, regions: readonly Region[]): PNG {
  for (const region of regions) {
    const [x0, y0] = [Math.max(0, Math.floor(region.x)), Math.max(0, Math.floor(region.y))];
    const [x1, y1] = [Math.min(png.width, Math.ceil(region.x + region.width)), Math.min(png.height, Math.ceil(region.y + region.height))];
    for (let row = y0; row < y1; row += 1) {
      for (let col = x0; col < x1; col += 1) png.data.set([255, 255, 255, 255], (row * png.width + col) * 4);
    }
  }
  return png;
}

/** Share of pixels of `actual` that differ from `expected` (same size), ignoring antialiased ones, and the diff picture. */
export function screenshotMismatch(expected: PNG, actual: PNG): { ratio: number; diff: PNG } {
  const diff = new PNG({ width: expected.width, height: expected.height });
  const mismatched = pixelmatch(expected.data, actual.data, diff.data, expected.width, expected.height, {
    threshold: PIXEL_THRESHOLD,
    includeAA: false,
  });
  return { ratio: mismatched / (expected.width * expected.height), diff };
}

/**
 * Compares a screenshot with the README's picture `docs/images/<name>`; UPDATE_SCREENSHOTS=1
 * writes it there instead (whole: the README shows it as it was). `blank` regions are left out of
 * the comparison. On a mismatch the actual picture and a diff (changed pixels in red) are written
 * to a temporary folder named in the failure, with the share of pixels that differ.
 */
export function expectMatchesCommittedScreenshot(actual: Buffer, name: string, options: { blank?: readonly Region[] } = {}): void {
  const committed = path.join(IMAGES, name);
  if (process.env['UPDATE_SCREENSHOTS'] === '1') {
    writeFileSync(committed, actual);
    return;
  }
  if (!existsSync(committed)) throw new Error(`${committed} is missing: run the browser tests with UPDATE_SCREENSHOTS=1 to make it`);
  const blank = options.blank ?? [];
  const expected = blankRegions(PNG.sync.read(readFileSync(committed)), blank);
  const rendered = blankRegions(PNG.sync.read(actual), blank);
  const out = path.join(os.tmpdir(), 'quayside-screenshots');
  mkdirSync(out, { recursive: true });
  const actualPath = path.join(out, name.replace(/\.png$/, '.actual.png'));
  writeFileSync(actualPath, actual);
  if (expected.width !== rendered.width || expected.height !== rendered.height) {
    throw new Error(
      `${name}: rendered ${rendered.width}×${rendered.height}, committed ${expected.width}×${expected.height} (actual in ${actualPath}; UPDATE_SCREENSHOTS=1 to accept)`,
    );
  }
  const { ratio, diff } = screenshotMismatch(expected, rendered);
  if (ratio > MAX_MISMATCH_RATIO) {
    const diffPath = path.join(out, name.replace(/\.png$/, '.diff.png'));
    writeFileSync(diffPath, PNG.sync.write(diff));
    throw new Error(
      `${name}: ${(ratio * 100).toFixed(2)}% of pixels differ from docs/images/${name} (at most ${(MAX_MISMATCH_RATIO * 100).toFixed(1)}%); ` +
        `diff in ${diffPath}, actual in ${actualPath}. UPDATE_SCREENSHOTS=1 accepts the new picture.`,
    );
  }
}
