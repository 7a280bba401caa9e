/**
 * An inland rail facility (a ramp) as the sources reported it (`rail_terminals`): there is no
 * shipped reference data of rail facilities, so every one comes from a rail, carrier or terminal
 * source's report. Entities in data-access implement it.
 */
export interface RailTerminalRecord {
  id: string;
  /** The facility's name as first reported. */
  name: string;
  nickname: string | null;
  /** CBP FIRMS code or CBSA sublocation code, when the source gave one. */
  firms_code: string | null;
  /** UN/LOCODE of the place the facility serves, when the source gave one. */
  locode: string | null;
  /** The port (reference data) of that UN/LOCODE, when there is one. */
  port_id: string | null;
  /** The metro area (reference data) of that UN/LOCODE, when there is one. */
  metro_area_id: string | null;
  created_at: Date;
  updated_at: Date;
}
