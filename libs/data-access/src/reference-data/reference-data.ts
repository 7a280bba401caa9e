import metroAreasFile from './metro-areas.json';
import portsFile from './ports.json';
import railCarriersFile from './rail-carriers.json';
import shippingLinesFile from './shipping-lines.json';
import terminalsFile from './terminals.json';

/**
 * The reference rows shipped with the service (copied into the repository; nothing is read
 * from outside it at run time). README.md in this folder says where each file comes from.
 */

export interface ShippingLineSeed {
  scac: string;
  name: string;
  short_name: string;
  legal_name: string | null;
  alternative_scacs: string[];
  access: string;
  bill_of_lading_tracking_support: boolean;
  booking_number_tracking_support: boolean;
  container_number_tracking_support: boolean;
  is_sandbox: boolean;
}

export interface RailCarrierSeed {
  scac: string;
  name: string;
  short_name: string;
  is_sandbox: boolean;
}

export interface PortSeed {
  code: string;
  name: string;
  city: string | null;
  state_abbr: string | null;
  country_code: string;
  time_zone: string;
  latitude: number;
  longitude: number;
}

export interface MetroAreaSeed {
  code: string;
  name: string;
  state_abbr: string | null;
  country_code: string;
  time_zone: string;
  latitude: number;
  longitude: number;
}

export interface TerminalSeed {
  firms_code: string;
  name: string;
  nickname: string | null;
  /** UN/LOCODE of the terminal's port. */
  port_code: string;
  city: string | null;
  state: string | null;
  state_abbr: string | null;
  country: string;
  region: string | null;
  time_zone: string;
  is_sandbox: boolean;
}

export const SHIPPING_LINE_SEEDS: readonly ShippingLineSeed[] = shippingLinesFile.shipping_lines;
export const RAIL_CARRIER_SEEDS: readonly RailCarrierSeed[] = railCarriersFile.rail_carriers;
export const PORT_SEEDS: readonly PortSeed[] = portsFile.ports;
export const METRO_AREA_SEEDS: readonly MetroAreaSeed[] = metroAreasFile.metro_areas;
export const TERMINAL_SEEDS: readonly TerminalSeed[] = terminalsFile.terminals;
