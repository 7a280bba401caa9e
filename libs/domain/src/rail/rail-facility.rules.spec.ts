import { normalizeFacilityName, railFacilityKey } from './rail-facility.rules';

describe('rail facility keys', () => {
  it('key a facility by its FIRMS code whatever its name or place', () => {
    expect(railFacilityKey({ name: 'BNSF Logistics Park Chicago', firmsCode: ' h573 ', locode: 'USCHI' })).toBe('firms:H573');
    expect(railFacilityKey({ name: 'LPC', firmsCode: 'H573', locode: null })).toBe('firms:H573');
  });

  it('key a facility without a code by its place and normalized name', () => {
    const a = railFacilityKey({ name: 'Logistics Park — Chicago', firmsCode: null, locode: 'uschi' });
    const b = railFacilityKey({ name: '  logistics park chicago ', firmsCode: '', locode: 'USCHI' });
    expect(a).toBe('name:USCHI:LOGISTICS PARK CHICAGO');
    expect(b).toBe(a);
    expect(railFacilityKey({ name: 'Logistics Park Chicago', firmsCode: null, locode: 'USJOT' })).not.toBe(a);
  });

  it('do not key a report that names nothing', () => {
    expect(railFacilityKey({ name: ' -- ', firmsCode: null, locode: 'USCHI' })).toBeNull();
  });

  it('normalize accents, case and punctuation', () => {
    expect(normalizeFacilityName('Rampe Montréal-Est')).toBe('RAMPE MONTREAL EST');
  });
});
