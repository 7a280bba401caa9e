/** A run of text on a PDF page as pdf.js reports it (PDF coordinates: origin bottom-left). */
export interface PlacedText {
  str: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

/**
 * Rebuilds a page's lines from its placed text runs: runs on the same baseline (within a third
 * of the font size) form one line, left to right, top to bottom. A horizontal gap wider than
 * about two characters becomes three spaces, so two columns on one line stay apart the way the
 * reading rules expect ("Port of Loading: SHANGHAI   Port of Discharge: …").
 */
export function layoutPageText(items: readonly PlacedText[]): string {
  const runs = items.filter((item) => item.str.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PlacedText[][] = [];
  for (const run of runs) {
    const line = lines.find((candidate) => Math.abs(candidate[0]!.y - run.y) <= Math.max(1, run.fontSize / 3));
    if (line) line.push(run);
    else lines.push([run]);
  }
  return lines
    .map((line) => {
      const sorted = [...line].sort((a, b) => a.x - b.x);
      let text = '';
      let end: number | null = null;
      for (const run of sorted) {
        if (end !== null) {
          const gap = run.x - end;
          const charWidth = Math.max(run.fontSize, 1) * 0.5;
          text += gap > charWidth * 2 ? '   ' : gap > charWidth * 0.15 && !text.endsWith(' ') && !run.str.startsWith(' ') ? ' ' : '';
        }
        text += run.str;
        end = run.x + run.width;
      }
      return text.replace(/\s+$/, '');
    })
    .join('\n');
}
