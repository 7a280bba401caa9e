import type { MetroArea } from '@quayside/data-access';
import type { ResourceDefinition } from '@quayside/json-api';
import type { AccountContext } from '../tenancy/account-context';

export const METRO_AREA_TYPE = 'metro_area';

/** The established API's metro area model. */
export const metroAreaResource: ResourceDefinition<MetroArea, AccountContext> = {
  type: METRO_AREA_TYPE,
  id: (area) => area.id,
  attributes: (area) => ({
    name: area.name,
    code: area.code,
    state_abbr: area.state_abbr,
    country_code: area.country_code,
    time_zone: area.time_zone,
    latitude: area.latitude,
    longitude: area.longitude,
  }),
  selfLink: (area) => `/v2/metro_areas/${area.id}`,
};
