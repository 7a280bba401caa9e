import {
  CONTAINER_STATUS_WORDS,
  EVENT_NAMES,
  EVENT_WORDING,
  JOURNEY_PHASE_WORDS,
  JOURNEY_PLACE_WORDS,
  LAST_FREE_DAY_SOURCE_WORDS,
  PICKUP_STATUS_WORDS,
  RISK_REASON_WORDS,
} from '@quayside/domain';
import type { ContainerStatus, EventName, EventPlace, Journey, JourneyPlace } from '@quayside/domain';
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
${input.containers.map((c) => containerBlock(c, c.shipment ?? input.shipment)).join('\n')}
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

/**
 * One container: its journey as the api judged it (libs/domain `journeyOf`) and its history, all
 * in the domain's words (`human-words.ts`), each event at the place it refers to.
 */
function containerBlock(c: ContainerJourney, shipment: ShipmentHeadline | null): string {
  const j = c.journey;
  const status = j !== null ? JOURNEY_PHASE_WORDS[j.phase] : statusWords(c.current_status);
  return `<section class="qs-container" aria-label="Container ${esc(c.number ?? c.id)}">
<h2>${esc(c.number ?? 'Container')}</h2>
<dl class="qs-facts">
${fact('Status', status)}
${fact('ETA', date(c.pod_eta_at ?? c.shipment?.pod_eta_at ?? null))}
${j === null ? '' : journeyFacts(j, shipment)}
</dl>
<h3>Milestones</h3>
${c.milestones.length === 0 ? '<p class="qs-empty">No milestones yet.</p>' : `<ol class="qs-timeline">${c.milestones.map((m) => milestoneItem(m, shipment)).join('')}</ol>`}
</section>`;
}

function journeyFacts(j: Journey, shipment: ShipmentHeadline | null): string {
  const lastFreeDay =
    j.last_free_day === null
      ? null
      : `${date(j.last_free_day) ?? ''} (${j.last_free_day_source ? LAST_FREE_DAY_SOURCE_WORDS[j.last_free_day_source] : 'source not reported'}${daysLeft(j.days_left)})`;
  return [
    fact('Pickup', PICKUP_STATUS_WORDS[j.pickup_status]),
    fact(j.picked_up_at !== null || j.phase === 'picked_up' || j.done ? 'Picked up at' : 'Pickup at', placeName(j.pickup_at, shipment)),
    fact('Last free day', lastFreeDay),
    fact('Holds', j.holds === null ? 'Not reported' : j.holds.length === 0 ? 'None' : j.holds.map((h) => h.name).join(', ')),
    fact('Fees', feeTotals(j.fees_total_by_currency)),
    fact('At risk', j.at_risk ? j.risk_reasons.map((r) => RISK_REASON_WORDS[r]).join('; ') : 'No'),
  ].join('\n');
}

function daysLeft(days: number | null): string {
  if (days === null) return '';
  if (days === 0) return ', today';
  return days > 0 ? `, ${days} day${days === 1 ? '' : 's'} left` : `, passed ${-days} day${days === -1 ? '' : 's'} ago`;
}

function milestoneItem(m: Milestone, shipment: ShipmentHeadline | null): string {
  const wording = isEventName(m.event) ? EVENT_WORDING[m.event] : null;
  const what = wording?.words ?? 'Other update';
  const where = [eventPlaceName(wording === null ? 'reported' : wording.place, m.location, shipment), m.vessel]
    .filter((x) => x)
    .join(' · ');
  return `<li class="qs-${wording?.kind === 'milestone' ? 'milestone' : 'change'}"><span class="qs-event">${esc(what)}</span> <time datetime="${esc(m.at ?? '')}">${esc(date(m.at) ?? '')}</time>${where ? ` <span class="qs-where">${esc(where)}</span>` : ''}</li>`;
}

/** The place an event refers to: where the source reported it, or the shipment's port of discharge or inland destination. */
function eventPlaceName(place: EventPlace, reported: string | null, shipment: ShipmentHeadline | null): string | null {
  if (place === null) return null;
  if (place === 'reported') return reported;
  return placeName(place, shipment);
}

function placeName(place: JourneyPlace, shipment: ShipmentHeadline | null): string {
  const name = place === 'port_of_discharge' ? shipment?.port_of_discharge : shipment?.destination;
  return name ?? JOURNEY_PLACE_WORDS[place];
}

function statusWords(status: string | null): string | null {
  return status !== null && status in CONTAINER_STATUS_WORDS ? CONTAINER_STATUS_WORDS[status as ContainerStatus] : null;
}

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);
function isEventName(name: string): name is EventName {
  return EVENTS.has(name);
}

function fact(label: string, value: string | null): string {
  return `<div><dt>${esc(label)}</dt><dd>${esc(value ?? '—')}</dd></div>`;
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
