/** A terminal of the reference data (`terminals`). Entities in data-access implement it; what reads stored rows outside data-access takes this type. */
export interface TerminalRecord {
  id: string;
  name: string;
  nickname: string | null;
  /** CBP FIRMS code (US), CBSA sublocation (Canada) or the terminal code of the coverage list. */
  firms_code: string | null;
  smdg_code: string | null;
  bic_facility_code: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  state_abbr: string | null;
  zip: string | null;
  country: string | null;
  /** Region of the coverage list (e.g. `US West Coast`). */
  region: string | null;
  port_id: string | null;
  /** IANA zone of the terminal (its port's zone unless the terminal lists its own). */
  time_zone: string | null;
  /** The sandbox terminal, answered by the sandbox terminal adapter. */
  is_sandbox: boolean;
  created_at: Date;
  updated_at: Date;
}
