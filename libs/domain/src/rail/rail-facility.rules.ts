/** An inland rail facility as a source named it: a name, and a FIRMS (or sublocation) code and a UN/LOCODE when it said. */
export interface ReportedRailFacility {
  name: string;
  firmsCode: string | null;
  locode: string | null;
}

/** Case, punctuation and spacing differ between sources and answers; the words do not. */
export function normalizeFacilityName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/**
 * The key one rail facility is recorded under, whoever reports it: its FIRMS code when a source
 * gave one (codes are unique), else its UN/LOCODE and normalized name. Null when the report names
 * nothing usable (no code and an empty name): such a report is not recorded.
 */
export function railFacilityKey(facility: ReportedRailFacility): string | null {
  const firms = facility.firmsCode?.trim().toUpperCase() ?? '';
  if (firms !== '') return `firms:${firms}`;
  const name = normalizeFacilityName(facility.name);
  if (name === '') return null;
  return `name:${facility.locode?.trim().toUpperCase() ?? ''}:${name}`;
}
