import { readFileSync } from 'node:fs';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface WidgetAsset {
  type: string;
  body: string;
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  geojson: 'application/geo+json',
};

/**
 * The widget's browser files, all served by Quayside itself (no CDN, so the strict CSP holds
 * and an offline install works): Leaflet from its package, the Natural Earth land layer from
 * world-atlas turned into GeoJSON once, and the widget's own scripts and styles.
 */
const SOURCES: Record<string, () => string> = {
  'leaflet.js': () => readFileSync(require.resolve('leaflet/dist/leaflet.js'), 'utf8'),
  'leaflet.css': () => readFileSync(require.resolve('leaflet/dist/leaflet.css'), 'utf8'),
  'land.geojson': () => {
    const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8')) as Topology<{
      land: GeometryCollection;
    }>;
    return JSON.stringify(feature(topology, topology.objects.land));
  },
  'widget.js': () => readFileSync(path.join(__dirname, 'assets', 'widget-map.js'), 'utf8'),
  'widget.css': () => readFileSync(path.join(__dirname, 'assets', 'widget.css'), 'utf8'),
  'map.css': () => readFileSync(path.join(__dirname, 'assets', 'widget-map.css'), 'utf8'),
  'embed.js': () => readFileSync(path.join(__dirname, 'assets', 'widget-embed.js'), 'utf8'),
};

const cache = new Map<string, WidgetAsset>();

/** The asset by name, read on first use and kept; null for any other name. */
export function widgetAsset(name: string): WidgetAsset | null {
  const source = Object.prototype.hasOwnProperty.call(SOURCES, name) ? SOURCES[name] : undefined;
  if (!source) return null;
  let asset = cache.get(name);
  if (!asset) {
    asset = { type: TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream', body: source() };
    cache.set(name, asset);
  }
  return asset;
}
