import type { TerminalAttributes } from '@quayside/domain';

/** A terminal's attributes as answered: every one a string, as the established API types them. */
export type TerminalResourceAttributes = { [K in keyof TerminalAttributes]: string };

/**
 * The established API's terminal attributes, for the api and for webhook payloads alike. Its
 * description types each of them a string (not nullable), so one the reference data does not
 * know — a terminal without an SMDG or BIC code, an address without a street — is answered
 * empty, never guessed (docs/terminal-data.md).
 */
export function terminalAttributes(terminal: TerminalAttributes): TerminalResourceAttributes {
  const known = (value: string | null): string => value ?? '';
  return {
    name: terminal.name,
    nickname: known(terminal.nickname),
    firms_code: known(terminal.firms_code),
    smdg_code: known(terminal.smdg_code),
    bic_facility_code: known(terminal.bic_facility_code),
    street: known(terminal.street),
    city: known(terminal.city),
    state: known(terminal.state),
    state_abbr: known(terminal.state_abbr),
    zip: known(terminal.zip),
    country: known(terminal.country),
  };
}
