import fc from 'fast-check';
import { accountIdOfRecipient, inboundAddressOf } from './inbound-address';

const DOMAIN = 'inbound.example.com';
const ID = '3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b';

describe('inbound email addresses', () => {
  it.each([
    [`${ID}@${DOMAIN}`, ID],
    [`${ID.toUpperCase()}@INBOUND.Example.com`, ID],
    [`${ID}@other.example.com`, null],
    [`${ID}@sub.${DOMAIN}`, null],
    [`postmaster@${DOMAIN}`, null],
    [`${ID}x@${DOMAIN}`, null],
    [`@${DOMAIN}`, null],
    [ID, null],
    ['', null],
  ])('%s names account %s', (address, expected) => {
    expect(accountIdOfRecipient(address, DOMAIN)).toBe(expected);
  });

  it('every account address leads back to that account', () => {
    fc.assert(fc.property(fc.uuid(), (id) => accountIdOfRecipient(inboundAddressOf(id, DOMAIN), DOMAIN) === id.toLowerCase()));
  });
});
