/**
 * What a tracking number's first letters say about its carrier, for the 38 carriers of the
 * coverage list (as of 14 August 2026), as pure data.
 *
 * `bill_of_lading_prefixes`: most lines print their SCAC (or an alternative SCAC) in front of
 * bill of lading and booking numbers (MAEU…, MEDU…, COSU…, ONEY…, HLCU…, CMDU…, EGLV…, OOLU…,
 * ZIMU…). For each carrier the SCAC and its alternative SCACs are listed; MSC adds MEDU.
 *
 * `container_prefixes`: ISO 6346 owner codes of the line's own boxes (BIC-registered; the
 * fourth letter is the category, U for freight containers). Only well-known codes are listed;
 * a box of a leasing company (TGHU, TCLU, …) names no carrier. The list is not exhaustive:
 * a missing code gives "no prediction", never a wrong carrier.
 */
export interface CarrierPrefixes {
  readonly scac: string;
  readonly name: string;
  readonly bill_of_lading_prefixes: readonly string[];
  readonly container_prefixes: readonly string[];
  /** Prefixes only the line's booking numbers carry (most lines print one prefix on both; the sandbox line does not). */
  readonly booking_prefixes?: readonly string[];
}

const carrier = (scac: string, name: string, blPrefixes: readonly string[], containerPrefixes: readonly string[] = []): CarrierPrefixes =>
  Object.freeze({
    scac,
    name,
    bill_of_lading_prefixes: Object.freeze([...blPrefixes]),
    container_prefixes: Object.freeze([...containerPrefixes]),
  });

export const CARRIER_PREFIXES: readonly CarrierPrefixes[] = Object.freeze([
  carrier('ANNU', 'ANL', ['ANNU'], ['ANNU']),
  carrier('APLU', 'APL', ['APLU'], ['APLU', 'APZU', 'APHU', 'APRU']),
  carrier('ARKU', 'Arkas', ['ARKU'], ['ARKU']),
  carrier('ACLU', 'Atlantic Container Line', ['ACLU'], ['ACLU']),
  carrier('CMDU', 'CMA CGM', ['CMDU'], ['CMAU', 'CGMU', 'ECMU']),
  carrier('COSU', 'COSCO', ['COSU'], ['CBHU', 'CSNU', 'CCLU']),
  carrier('CLAM', 'Crowley', ['CLAM', 'CWLQ'], ['CMCU']),
  carrier('CULU', 'CULines', ['CULU'], ['CULU']),
  carrier('EGLV', 'Evergreen', ['EGLV'], ['EGHU', 'EISU', 'EMCU', 'EGSU']),
  carrier('GOSU', 'Gold Star Line', ['GOSU']),
  carrier('HLCU', 'Hapag-Lloyd', ['HLCU'], ['HLCU', 'HLXU', 'HLBU', 'HAMU', 'UACU']),
  carrier('HDUJ', 'HEDE Shipping', ['HDUJ']),
  carrier('HDMU', 'HMM', ['HDMU'], ['HDMU', 'HMMU']),
  carrier('IILU', 'ICL', ['IILU']),
  carrier('KMTU', 'KMTC', ['KMTU'], ['KMTU']),
  carrier('MAEU', 'Maersk', ['MAEU'], ['MAEU', 'MSKU', 'MRKU', 'MRSU', 'MNBU']),
  carrier('MATS', 'Matson', ['MATS'], ['MATU']),
  carrier('MSCU', 'MSC', ['MEDU', 'MSCU'], ['MSCU', 'MEDU', 'MSDU', 'MSMU']),
  carrier('ONEY', 'ONE', ['ONEY'], ['ONEU']),
  carrier('OOLU', 'OOCL', ['OOLU'], ['OOLU', 'OOCU']),
  carrier('PCIU', 'PIL', ['PCIU'], ['PCIU']),
  carrier('SAFM', 'Safmarine', ['SAFM']),
  carrier('SMLU', 'Seaboard Marine', ['SMLU'], ['SMLU']),
  carrier('SEAU', 'Sealand Americas', ['SEAU', 'SEAL']),
  carrier('SEJJ', 'Sealand Europe', ['SEJJ']),
  carrier('SQQY', 'SeaLead', ['SQQY', 'SJHH']),
  carrier('SSPH', 'Seth Shipping', ['SSPH']),
  carrier('SMLM', 'SM Line', ['SMLM']),
  carrier('SSBF', 'Swire', ['SSBF', 'WWSU']),
  carrier('CHVW', 'Swire Shipping', ['CHVW', 'QWJA', 'PLLU']),
  carrier('TRBR', 'Trailer Bridge', ['TRBR', 'TBIE', 'PYRR']),
  carrier('TJFH', 'Transfar', ['TJFH']),
  carrier('TXZJ', 'TS Lines', ['TXZJ']),
  carrier('TRKU', 'Turkon', ['TRKU'], ['TRKU']),
  carrier('WHLC', 'Wan Hai', ['WHLC'], ['WHLU', 'WHSU']),
  carrier('WDSB', 'World Direct Shipping', ['WDSB']),
  carrier('YMLU', 'Yang Ming', ['YMLU', 'YMPR', 'YMSG', 'YMJA'], ['YMLU', 'YMMU']),
  carrier('ZIMU', 'ZIM', ['ZIMU'], ['ZIMU', 'ZCSU']),
]);

/**
 * The sandbox line (`TEST`, docs/carriers.md "The sandbox"): its numbers are made up on purpose,
 * in forms of their own — bills of lading `TEST-TR-…` (`TESTTR…` once punctuation is dropped),
 * bookings `TESTBK…`, boxes `QSDU…` — so inference tells them apart like any line's. Apart from
 * the coverage list; infer_number still refuses them when the sandbox is not served.
 */
export const SANDBOX_CARRIER_PREFIXES: CarrierPrefixes = Object.freeze({
  ...carrier('TEST', 'Quayside Sandbox Line', ['TESTTR'], ['QSDU']),
  booking_prefixes: Object.freeze(['TESTBK']),
});

/** What inference reads by default: the coverage list and the sandbox line. */
export const INFERENCE_PREFIXES: readonly CarrierPrefixes[] = Object.freeze([...CARRIER_PREFIXES, SANDBOX_CARRIER_PREFIXES]);

/** A carrier whose prefix starts a shipment number; `booking` when the prefix is one only its bookings carry. */
export interface ShipmentPrefixMatch {
  carrier: CarrierPrefixes;
  prefix: string;
  booking: boolean;
}

/** Carriers whose bill of lading / booking prefix starts `number`, longest prefix first. */
export function carriersByShipmentPrefix(number: string, table: readonly CarrierPrefixes[] = INFERENCE_PREFIXES): ShipmentPrefixMatch[] {
  const matches: ShipmentPrefixMatch[] = [];
  const starts = (candidate: string): boolean => number.length > candidate.length && number.startsWith(candidate);
  for (const entry of table) {
    const prefixes = [
      ...entry.bill_of_lading_prefixes.filter(starts).map((prefix) => ({ prefix, booking: false })),
      ...(entry.booking_prefixes ?? []).filter(starts).map((prefix) => ({ prefix, booking: true })),
    ];
    const best = prefixes.sort((a, b) => b.prefix.length - a.prefix.length)[0];
    if (best !== undefined) matches.push({ carrier: entry, ...best });
  }
  return matches.sort((a, b) => b.prefix.length - a.prefix.length || a.carrier.scac.localeCompare(b.carrier.scac));
}

/** Carriers owning containers with this owner code (the first four letters). */
export function carriersByContainerOwner(ownerCode: string, table: readonly CarrierPrefixes[] = INFERENCE_PREFIXES): CarrierPrefixes[] {
  return table.filter((entry) => entry.container_prefixes.includes(ownerCode)).sort((a, b) => a.scac.localeCompare(b.scac));
}
