import type { IanaTimeZone, Id } from './common';

export interface PortAttributes {
  name: string;
  /** UN/LOCODE */
  code: string;
  state_abbr: string | null;
  city: string | null;
  country_code: string;
  time_zone: IanaTimeZone | null;
  latitude: number | null;
  longitude: number | null;
}
export interface Port extends PortAttributes {
  id: Id;
}

export interface TerminalAttributes {
  name: string;
  nickname: string | null;
  firms_code: string | null;
  smdg_code: string | null;
  bic_facility_code: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  state_abbr: string | null;
  zip: string | null;
  country: string | null;
}
export interface Terminal extends TerminalAttributes {
  id: Id;
  port_id: Id | null;
}

/** `access`: `public` carriers are open to every account; `account` ones are enabled on request. */
export const SHIPPING_LINE_ACCESS = ['public', 'account'] as const;
export type ShippingLineAccess = (typeof SHIPPING_LINE_ACCESS)[number];

export interface ShippingLineAttributes {
  scac: string;
  name: string;
  alternative_scacs: string[];
  short_name: string;
  bill_of_lading_tracking_support: boolean;
  booking_number_tracking_support: boolean;
  container_number_tracking_support: boolean;
}
export interface ShippingLine extends ShippingLineAttributes {
  id: Id;
  access: ShippingLineAccess;
}
