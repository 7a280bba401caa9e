import type { DocumentType } from './document-type.enum';

export interface DocumentClassification {
  documentType: DocumentType;
  /** Why this type was chosen, shown to the user as `classification_notes`. */
  notes: string;
}

// Title phrases weigh more than words that merely appear in the body: a bill of lading mentions
// "freight" and an invoice mentions "bill of lading", so each type scores its own cues and the
// best score wins (docs/documents.md "Types").
const CUES: ReadonlyArray<{ type: Exclude<DocumentType, 'other'>; pattern: RegExp; weight: number }> = [
  { type: 'bill_of_lading', pattern: /\b(?:sea\s*way\s*)?bill\s+of\s+lading\b/gi, weight: 3 },
  { type: 'bill_of_lading', pattern: /\bshipped\s+on\s+board\b|\bshipper\b|\bnotify\s+party\b/gi, weight: 1 },
  { type: 'arrival_notice', pattern: /\barrival\s+notice\b|\bnotice\s+of\s+arrival\b/gi, weight: 5 },
  { type: 'arrival_notice', pattern: /\b(?:eta|estimated\s+time\s+of\s+arrival|last\s+free\s+day)\b/gi, weight: 1 },
  { type: 'delivery_order', pattern: /\bdelivery\s+order\b|\brelease\s+order\b/gi, weight: 5 },
  { type: 'delivery_order', pattern: /\brelease\s+to\b|\bpick[-\s]?up\s+(?:number|location)\b/gi, weight: 1 },
  { type: 'invoice', pattern: /\b(?:freight\s+|commercial\s+)?invoice\b/gi, weight: 4 },
  { type: 'invoice', pattern: /\b(?:amount\s+due|total\s+due|payment\s+terms)\b/gi, weight: 1 },
];

/** Pages' text in, a document type and the reasons out; `other` when nothing scores. */
export function classifyDocument(pages: readonly string[]): DocumentClassification {
  const text = pages.join('\n');
  const scores = new Map<DocumentType, { score: number; cues: Set<string> }>();
  for (const cue of CUES) {
    for (const match of text.matchAll(cue.pattern)) {
      const entry = scores.get(cue.type) ?? { score: 0, cues: new Set<string>() };
      entry.score += cue.weight;
      entry.cues.add(match[0].replace(/\s+/g, ' ').toLowerCase());
      scores.set(cue.type, entry);
    }
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]));
  const best = ranked[0];
  if (best === undefined) return { documentType: 'other', notes: 'No title or wording of a known document type was found.' };
  const runnerUp = ranked[1];
  const found = [...best[1].cues].map((cue) => `"${cue}"`).join(', ');
  const tie = runnerUp !== undefined && runnerUp[1].score === best[1].score ? `; ${runnerUp[0]} scored the same` : '';
  return { documentType: best[0], notes: `Classified as ${best[0]} (score ${best[1].score}) from ${found}${tie}.` };
}
