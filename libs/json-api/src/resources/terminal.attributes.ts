import type { TerminalAttributes } from '@quayside/domain';
import type { AttributesOf } from './attributes-of';

/** The established API's terminal attributes, for the api and for webhook payloads alike. */
export function terminalAttributes(terminal: TerminalAttributes): AttributesOf<TerminalAttributes> {
  return {
    name: terminal.name,
    nickname: terminal.nickname,
    firms_code: terminal.firms_code,
    smdg_code: terminal.smdg_code,
    bic_facility_code: terminal.bic_facility_code,
    street: terminal.street,
    city: terminal.city,
    state: terminal.state,
    state_abbr: terminal.state_abbr,
    zip: terminal.zip,
    country: terminal.country,
  };
}
