import type { PortAttributes } from '@quayside/domain';
import type { AttributesOf } from './attributes-of';

/** The established API's port attributes, for the api and for webhook payloads alike. */
export function portAttributes(port: PortAttributes): AttributesOf<PortAttributes> {
  return {
    name: port.name,
    code: port.code,
    state_abbr: port.state_abbr,
    city: port.city,
    country_code: port.country_code,
    time_zone: port.time_zone,
    latitude: port.latitude,
    longitude: port.longitude,
  };
}
