import type { EquipmentHeight, EquipmentLength, EquipmentType } from '../enums/equipment.enum';

/** The three normalized equipment fields of a container; null means "could not tell". */
export interface NormalizedEquipment {
  equipment_type: EquipmentType | null;
  equipment_length: EquipmentLength | null;
  equipment_height: EquipmentHeight | null;
}

const UNKNOWN: NormalizedEquipment = Object.freeze({ equipment_type: null, equipment_length: null, equipment_height: null });

/**
 * ISO 6346 size code, first character: the length. 3 (30 ft), M (48 ft) and the other
 * lengths have no value in the documented enum and give null.
 */
export const ISO_LENGTH_CODES: Readonly<Record<string, EquipmentLength>> = { '1': 10, '2': 20, '4': 40, L: 45 };

/**
 * ISO 6346 size code, second character: the height. 0 (8 ft) and 2 (8 ft 6 in) are standard,
 * 5 (9 ft 6 in) is high cube. 4 (9 ft), 6 (over 9 ft 6 in) and the half heights give null.
 */
export const ISO_HEIGHT_CODES: Readonly<Record<string, EquipmentHeight>> = { '0': 'standard', '2': 'standard', '5': 'high_cube' };

/**
 * ISO 6346:1995 type group (third character). G general and V ventilated are dry vans;
 * R refrigerated; U open top; P platform / flat rack; T tank; B dry bulk. H (insulated),
 * S (named cargo) and A (air/surface) have no value in the enum.
 */
export const ISO_TYPE_GROUPS: Readonly<Record<string, EquipmentType>> = {
  G: 'dry',
  V: 'dry',
  R: 'reefer',
  U: 'open top',
  P: 'flat rack',
  T: 'tank',
  B: 'bulk',
};

/** The pre-1995 ISO type codes are two digits; their first digit is the group. */
const LEGACY_TYPE_GROUPS: Readonly<Record<string, EquipmentType>> = {
  '0': 'dry',
  '1': 'dry',
  '3': 'reefer',
  '5': 'open top',
  '6': 'flat rack',
  '7': 'tank',
  '8': 'bulk',
};

/** Carrier shorthand and words for the type, upper case. */
const TYPE_WORDS: Readonly<Record<string, EquipmentType>> = {
  DV: 'dry',
  DC: 'dry',
  GP: 'dry',
  SD: 'dry',
  DRY: 'dry',
  VAN: 'dry',
  GENERAL: 'dry',
  RF: 'reefer',
  RE: 'reefer',
  RH: 'reefer',
  RQ: 'reefer',
  REF: 'reefer',
  RFR: 'reefer',
  REEFER: 'reefer',
  NOR: 'reefer',
  OT: 'open top',
  OH: 'open top',
  FR: 'flat rack',
  FL: 'flat rack',
  PF: 'flat rack',
  PL: 'flat rack',
  FLAT: 'flat rack',
  FLATRACK: 'flat rack',
  PLATFORM: 'flat rack',
  TK: 'tank',
  TN: 'tank',
  TANK: 'tank',
  BU: 'bulk',
  BK: 'bulk',
  BULK: 'bulk',
};

/** Words that mark a high cube; a dry box says only "HC", so they also imply dry when nothing else does. */
const HIGH_CUBE_WORDS = new Set(['HC', 'HQ', 'HCUBE', 'HIGHCUBE', 'HICUBE', 'RH', 'RQ', 'OH']);

/** "Standard" says the height, and a dry box when no other type is named. */
const STANDARD_WORDS = new Set(['ST', 'STD', 'STANDARD']);

/** Two-word phrases joined before lookup. */
const PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\bHIGH[\s_-]*CUBE\b/g, 'HIGHCUBE'],
  [/\bHI[\s_-]*CUBE\b/g, 'HICUBE'],
  [/\bOPEN[\s_-]*TOP\b/g, 'OT'],
  [/\bFLAT[\s_-]*RACK\b/g, 'FR'],
  [/\bDRY[\s_-]*VAN\b/g, 'DRY'],
  [/\bNON[\s_-]*OPERATING\s+REEFER\b/g, 'NOR'],
  [/\b9\s*'\s*6"?(?![0-9])/g, ' HC '],
];

/**
 * Size-type code or carrier spelling → type, length and height. Never throws: anything it
 * cannot read gives nulls for what it cannot tell.
 *
 * ISO codes (`45G1`, `L5R1`, legacy `4510`) are read positionally. Carrier spellings (`40HC`,
 * `40' High Cube`, `20DV`, `40 RF HC`, `20 Flat Rack`) are read as words: a length (10, 20,
 * 40, 45), a type word, and a high-cube marker. A type word without a high-cube marker means
 * standard height (a `40DV` is 8 ft 6 in); a bare length says nothing about the height.
 */
export function normalizeEquipment(input: unknown): NormalizedEquipment {
  if (typeof input !== 'string') return { ...UNKNOWN };
  const text = input.toUpperCase().trim();
  if (text === '') return { ...UNKNOWN };
  for (const token of text.split(/[^0-9A-Z]+/)) {
    const iso = parseIsoSizeType(token);
    if (iso !== null) return iso;
  }
  return parseCarrierSpelling(text);
}

/**
 * ISO 6346 type group codes (`GP`, `RT`, `UT`, `PF`, `TN`, `BU`, ...) that carriers (and DCSA's
 * `ISOEquipmentCode`) use in place of the detailed type (`22GP` for `22G1`). Only these exact
 * pairs count, so a carrier spelling such as `40HC` is never read as a size-type code.
 */
const ISO_GROUP_CODES = new Set([
  'GP',
  'VH',
  'BU',
  'BK',
  'SN',
  'RT',
  'RE',
  'RS',
  'HR',
  'HI',
  'UT',
  'PL',
  'PF',
  'PC',
  'PS',
  'TN',
  'TD',
  'TG',
]);

function isoGroupCode(token: string): RegExpExecArray | null {
  const match = /^([0-9A-Z])([0-9A-Z])([A-Z])([A-Z])$/.exec(token);
  return match !== null && ISO_GROUP_CODES.has(`${match[3]}${match[4]}`) ? match : null;
}

/** An ISO 6346 size-type code (`22G1`, `22GP`, `L5G1`, legacy `2210`), or null when the token is not one. */
export function parseIsoSizeType(code: string): NormalizedEquipment | null {
  const token = code.toUpperCase();
  const modern = /^([0-9A-Z])([0-9A-Z])([A-Z])([0-9])$/.exec(token) ?? isoGroupCode(token);
  const legacy = modern === null ? /^([0-9A-Z])([0-9])([0-9])([0-9])$/.exec(token) : null;
  const match = modern ?? legacy;
  if (match === null) return null;
  const [, lengthCode = '', heightCode = '', group = ''] = match;
  return {
    equipment_type: (modern !== null ? ISO_TYPE_GROUPS[group] : LEGACY_TYPE_GROUPS[group]) ?? null,
    equipment_length: ISO_LENGTH_CODES[lengthCode] ?? null,
    equipment_height: ISO_HEIGHT_CODES[heightCode] ?? null,
  };
}

function parseCarrierSpelling(text: string): NormalizedEquipment {
  // "40HC" → "40 HC", "RF40" → "RF 40": digits and letters are separate words.
  let spaced = text.replace(/([0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([0-9])/g, '$1 $2');
  for (const [pattern, replacement] of PHRASES) spaced = spaced.replace(pattern, ` ${replacement} `);
  const words = spaced
    .split(/[^0-9A-Z]+/)
    .filter((word) => word !== '')
    .flatMap(splitGlued);

  let length: EquipmentLength | null = null;
  let type: EquipmentType | null = null;
  let highCube = false;
  let standard = false;
  for (const word of words) {
    if (/^[0-9]+$/.test(word)) {
      const feet = Number(word);
      if (length === null && (feet === 10 || feet === 20 || feet === 40 || feet === 45)) length = feet;
      continue;
    }
    if (HIGH_CUBE_WORDS.has(word)) highCube = true;
    if (STANDARD_WORDS.has(word)) standard = true;
    type ??= TYPE_WORDS[word] ?? null;
  }
  if (type === null && (highCube || standard)) type = 'dry';
  const height: EquipmentHeight | null = highCube ? 'high_cube' : type !== null ? 'standard' : null;
  return { equipment_type: type, equipment_length: length, equipment_height: height };
}

/** "HCRF" → ["HC", "RF"] when every two-letter piece is a known word; otherwise the word itself. */
function splitGlued(word: string): string[] {
  if (TYPE_WORDS[word] !== undefined || HIGH_CUBE_WORDS.has(word) || word.length < 4 || word.length % 2 !== 0) return [word];
  const pieces = word.match(/.{2}/g) ?? [];
  return pieces.every((piece) => TYPE_WORDS[piece] !== undefined || HIGH_CUBE_WORDS.has(piece)) ? pieces : [word];
}
