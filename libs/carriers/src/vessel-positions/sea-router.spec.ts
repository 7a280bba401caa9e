import { distanceNm, pathLengthNm } from './geo';
import type { LonLat } from './geo';
import { SeaRouter } from './sea-router';

const SHANGHAI: LonLat = [121.49, 31.23];
const LOS_ANGELES: LonLat = [-118.26, 33.73];
const SINGAPORE: LonLat = [103.82, 1.2644];
const ROTTERDAM: LonLat = [4.13, 51.95];
const GENOA: LonLat = [8.9463, 44.4056];

describe('SeaRouter', () => {
  const router = new SeaRouter();

  it('crosses the Pacific eastwards from Shanghai to Los Angeles, with longitudes unwrapped past 180°', () => {
    const path = router.route(SHANGHAI, LOS_ANGELES);
    expect(path[0]).toEqual(SHANGHAI);
    expect(pathLengthNm(path)).toBeGreaterThan(5_300);
    expect(pathLengthNm(path)).toBeLessThan(6_500);
    expect(Math.max(...path.map(([lon]) => lon))).toBeGreaterThan(180);
    for (let i = 1; i < path.length; i += 1) expect(Math.abs(path[i]![0] - path[i - 1]![0])).toBeLessThan(180);
  });

  it('goes around Europe through Gibraltar from Rotterdam to Genoa, never over land', () => {
    const path = router.route(ROTTERDAM, GENOA);
    // The straight line is about 450 nm over the Alps; by sea it is well over 2,000.
    expect(distanceNm(ROTTERDAM, GENOA)).toBeLessThan(500);
    expect(pathLengthNm(path)).toBeGreaterThan(2_000);
    expect(path.some(([lon, lat]) => lon < -5 && lat < 37)).toBe(true);
  });

  it('answers the same path for the same ends (cached) and a short one between near ports', () => {
    expect(router.route(SHANGHAI, SINGAPORE)).toBe(router.route(SHANGHAI, SINGAPORE));
    expect(pathLengthNm(router.route(SHANGHAI, SINGAPORE))).toBeLessThan(2_800);
  });
});
