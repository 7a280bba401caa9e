import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { blankRegions, MAX_MISMATCH_RATIO, screenshotMismatch } from './screenshot';

const committed = (): PNG => PNG.sync.read(readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'images', 'console.png')));

/** Paints a w×h block at (x, y) in one colour, as a moved or changed element would. */
function paint(png: PNG, x: number, y: number, w: number, h: number, rgb: [number, number, number]): PNG {
  for (let row = y; row < y + h; row += 1) {
    for (let col = x; col < x + w; col += 1) {
      const i = (row * png.width + col) * 4;
      png.data.set([...rgb, 255], i);
    }
  }
  return png;
}

describe('comparing a screenshot with the committed picture', () => {
  it('finds no difference in the same picture', () => {
    expect(screenshotMismatch(committed(), committed()).ratio).toBe(0);
  });

  it('tolerates a few changed pixels, as another font rasteriser gives', () => {
    const few = paint(committed(), 600, 600, 20, 20, [20, 20, 20]);
    expect(screenshotMismatch(committed(), few).ratio).toBeGreaterThan(0);
    expect(screenshotMismatch(committed(), few).ratio).toBeLessThanOrEqual(MAX_MISMATCH_RATIO);
  });

  it('fails a changed element, such as a row of the table drawn differently', () => {
    const changed = paint(committed(), 80, 240, 1000, 30, [200, 30, 30]);
    expect(screenshotMismatch(committed(), changed).ratio).toBeGreaterThan(MAX_MISMATCH_RATIO);
  });

  it('leaves blanked regions out: what differs only there matches, what differs elsewhere still fails', () => {
    const region = { x: 80, y: 240, width: 1000, height: 30 };
    const changed = (): PNG => paint(committed(), 80, 240, 1000, 30, [200, 30, 30]);
    expect(screenshotMismatch(blankRegions(committed(), [region]), blankRegions(changed(), [region])).ratio).toBe(0);
    const elsewhere = { x: 80, y: 400, width: 1000, height: 30 };
    expect(screenshotMismatch(blankRegions(committed(), [elsewhere]), blankRegions(changed(), [elsewhere])).ratio).toBeGreaterThan(
      MAX_MISMATCH_RATIO,
    );
  });
});
