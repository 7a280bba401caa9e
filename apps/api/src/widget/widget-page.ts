import type { ContainerJourney, Milestone, ShipmentHeadline } from '@quayside/json-api';

export interface WidgetPageInput {
  title: string;
  shipment: ShipmentHeadline | null;
  containers: ContainerJourney[];
  /** The container whose voyage the map shows; null: no map. */
  mapUrl: string | null;
  tileUrl: string | null;
}

const ASSETS = '/widget/v1/assets';

/**
 * The widget frame, rendered on the server so it reads without scripts (and for screen
 * readers): milestone timeline, ETA, availability, holds, fees and last free day per container;
 * the script only draws the map. Every value is escaped.
 */
export function renderWidgetPage(input: WidgetPageInput): string {
  const map = input.mapUrl
    ? `<section class="qs-map-section" aria-label="Voyage map"><div id="qs-map" class="qs-map" data-map-url="${esc(input.mapUrl)}" data-land-url="${ASSETS}/land.geojson"${
        input.tileUrl ? ` data-tile-url="${esc(input.tileUrl)}"` : ''
      }></div></section>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(input.title)}</title>
<link rel="stylesheet" href="${ASSETS}/leaflet.css">
<link rel="stylesheet" href="${ASSETS}/widget.css">
<link rel="stylesheet" href="${ASSETS}/map.css">
</head>
<body>
<main class="qs-widget">
<h1>${esc(input.title)}</h1>
${input.shipment ? shipmentBlock(input.shipment) : ''}
${map}
${input.containers.map(containerBlock).join('\n')}
<p class="qs-footer">Tracking by Quayside</p>
</main>
${input.mapUrl ? `<script src="${ASSETS}/leaflet.js"></script>\n<script src="${ASSETS}/widget.js"></script>` : ''}
</body>
</html>`;
}

function shipmentBlock(s: ShipmentHeadline): string {
  return `<section class="qs-shipment" aria-label="Shipment">
<dl class="qs-facts">
${fact('Bill of lading', s.bill_of_lading_number)}
${fact('Shipping line', s.shipping_line)}
${fact('From', s.port_of_lading)}
${fact('To', s.port_of_discharge)}
${fact('Vessel', s.vessel === null ? null : `${s.vessel}${s.voyage ? ` / ${s.voyage}` : ''}`)}
${fact(s.pod_ata_at ? 'Arrived' : 'ETA', date(s.pod_ata_at ?? s.pod_eta_at))}
</dl>
</section>`;
}

function containerBlock(c: ContainerJourney): string {
  const available = c.pod_full_out_at
    ? 'Picked up'
    : c.ready_for_pickup === true
      ? 'Ready for pickup'
      : c.available_for_pickup === true
        ? 'Available, with holds'
        : 'Not available yet';
  return `<section class="qs-container" aria-label="Container ${esc(c.number ?? c.id)}">
<h2>${esc(c.number ?? 'Container')}</h2>
<dl class="qs-facts">
${fact('Status', c.current_status?.replace(/_/g, ' ') ?? null)}
${fact('ETA', date(c.pod_eta_at ?? c.shipment?.pod_eta_at ?? null))}
${fact('Availability', available)}
${fact('Last free day', date(c.last_free_day))}
${fact('Holds', c.holds.length === 0 ? 'None' : c.holds.map(holdName).join(', '))}
${fact('Fees', feeTotals(c.fees_total_by_currency))}
</dl>
<h3>Milestones</h3>
${c.milestones.length === 0 ? '<p class="qs-empty">No milestones yet.</p>' : `<ol class="qs-timeline">${c.milestones.map(milestoneItem).join('')}</ol>`}
</section>`;
}

function milestoneItem(m: Milestone): string {
  const what = m.event.replace(/^container\.transport\./, '').replace(/_/g, ' ');
  const where = [m.location, m.vessel].filter((x) => x).join(' · ');
  return `<li><span class="qs-event">${esc(what)}</span> <time datetime="${esc(m.at ?? '')}">${esc(date(m.at) ?? '')}</time>${where ? ` <span class="qs-where">${esc(where)}</span>` : ''}</li>`;
}

function fact(label: string, value: string | null): string {
  return `<div><dt>${esc(label)}</dt><dd>${esc(value ?? '—')}</dd></div>`;
}

function holdName(hold: unknown): string {
  return typeof hold === 'object' && hold !== null && typeof (hold as { name?: unknown }).name === 'string'
    ? (hold as { name: string }).name
    : 'hold';
}

function feeTotals(totals: unknown): string {
  if (typeof totals !== 'object' || totals === null) return 'None';
  const entries = Object.entries(totals as Record<string, unknown>).filter(
    ([, amount]) => typeof amount === 'number' || typeof amount === 'string',
  );
  return entries.length === 0 ? 'None' : entries.map(([currency, amount]) => `${String(amount)} ${currency}`).join(', ');
}

function date(iso: string | null): string | null {
  return iso === null ? null : iso.slice(0, 10);
}

export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}
