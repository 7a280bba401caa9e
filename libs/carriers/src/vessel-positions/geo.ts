/** `[longitude, latitude]`, the GeoJSON order. */
export type LonLat = [number, number];

const EARTH_RADIUS_NM = 3440.065;
const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in nautical miles. */
export function distanceNm(a: LonLat, b: LonLat): number {
  const dLat = toRadians(b[1] - a[1]);
  const dLon = toRadians(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a[1])) * Math.cos(toRadians(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `a` to `b`, 0 = north, 90 = east, in [0, 360). */
export function bearingDegrees(a: LonLat, b: LonLat): number {
  const φ1 = toRadians(a[1]);
  const φ2 = toRadians(b[1]);
  const Δλ = toRadians(b[0] - a[0]);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** A point and the heading of the path there, `fraction` (0..1) of the way along `path` by distance. */
export function alongPath(path: readonly LonLat[], fraction: number): { point: LonLat; heading: number | null } {
  if (path.length === 0) throw new RangeError('alongPath needs at least one point');
  if (path.length === 1) return { point: path[0]!, heading: null };
  const lengths = path.slice(1).map((point, i) => distanceNm(path[i]!, point));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  let remaining = Math.min(1, Math.max(0, fraction)) * total;
  for (let i = 0; i < lengths.length; i += 1) {
    const length = lengths[i]!;
    const [from, to] = [path[i]!, path[i + 1]!];
    if (remaining <= length || i === lengths.length - 1) {
      const t = length === 0 ? 0 : Math.min(1, remaining / length);
      return {
        point: [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t],
        heading: length === 0 ? null : bearingDegrees(from, to),
      };
    }
    remaining -= length;
  }
  return { point: path[path.length - 1]!, heading: null };
}

export function pathLengthNm(path: readonly LonLat[]): number {
  return path.slice(1).reduce((sum, point, i) => sum + distanceNm(path[i]!, point), 0);
}
