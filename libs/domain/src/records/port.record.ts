/** A port of the reference data (`ports`). Entities in data-access implement it; what reads stored rows outside data-access takes this type. */
export interface PortRecord {
  id: string;
  /** UN/LOCODE, e.g. `USLAX`. */
  code: string;
  name: string;
  city: string | null;
  state_abbr: string | null;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  time_zone: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: Date;
  updated_at: Date;
}
