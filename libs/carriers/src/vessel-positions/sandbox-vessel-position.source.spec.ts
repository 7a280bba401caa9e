import { distanceNm } from './geo';
import type { LonLat } from './geo';
import { SandboxVesselPositionSource, normalizeLongitude } from './sandbox-vessel-position.source';
import type { VoyageLeg } from './vessel-position-source.port';

const SHANGHAI: LonLat = [121.49, 31.23];
const LOS_ANGELES: LonLat = [-118.26, 33.73];
const PIONEER_IMO = '9312341';
const DAY = 86_400_000;

describe('SandboxVesselPositionSource', () => {
  const source = new SandboxVesselPositionSource();
  const departedAt = new Date('2026-08-01T00:00:00Z');
  const leg: VoyageLeg = { from: SHANGHAI, to: LOS_ANGELES, departedAt, arrivesAt: new Date(departedAt.getTime() + 14 * DAY) };
  const at = async (offsetMs: number) => {
    const instant = new Date(departedAt.getTime() + offsetMs);
    const positions = await source.positions({ imo: PIONEER_IMO, from: instant, to: instant, leg });
    return positions[positions.length - 1]!;
  };

  it('covers only the sandbox vessels', async () => {
    expect(source.covers(PIONEER_IMO)).toBe(true);
    expect(source.covers('9811000')).toBe(false);
    expect(await source.positions({ imo: '9811000', from: departedAt, to: departedAt, leg })).toEqual([]);
  });

  it('lies in port before departure and after arrival, and is underway between', async () => {
    const before = await at(-DAY);
    expect(distanceNm([before.longitude, before.latitude], SHANGHAI)).toBeLessThan(1);
    expect(before.speedKnots).toBe(0);
    const after = await at(20 * DAY);
    expect(distanceNm([after.longitude, after.latitude], LOS_ANGELES)).toBeLessThan(1);
    const halfway = await at(7 * DAY);
    expect(halfway.speedKnots).toBeGreaterThan(10);
    expect(halfway.speedKnots).toBeLessThan(25);
    expect(halfway.heading).not.toBeNull();
    // Mid-Pacific: far from both ends, and east of Japan.
    expect(distanceNm([halfway.longitude, halfway.latitude], SHANGHAI)).toBeGreaterThan(2_000);
    expect(distanceNm([halfway.longitude, halfway.latitude], LOS_ANGELES)).toBeGreaterThan(2_000);
  });

  it('gives hourly positions over a window, oldest first, ending at its end', async () => {
    const from = new Date(departedAt.getTime() + DAY);
    const to = new Date(from.getTime() + 6 * 3_600_000 + 60_000);
    const positions = await source.positions({ imo: PIONEER_IMO, from, to, leg });
    expect(positions.map((p) => p.timestamp.getTime() - from.getTime())).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((h) => h * 3_600_000).concat(6 * 3_600_000 + 60_000),
    );
  });

  it('keeps longitudes in [-180, 180)', () => {
    const cases: [number, number][] = [
      [241.74, -118.26],
      [-181, 179],
      [180, -180],
      [12.5, 12.5],
    ];
    for (const [input, expected] of cases) expect(normalizeLongitude(input)).toBeCloseTo(expected, 9);
  });
});
