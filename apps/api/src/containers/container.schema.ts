import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import {
  CONTAINER_STATUSES,
  EQUIPMENT_HEIGHTS,
  EQUIPMENT_LENGTHS,
  EQUIPMENT_TYPES,
  FEE_TYPES,
  HOLD_NAMES,
  HOLD_STATUSES,
  JOURNEY_PHASES,
  JOURNEY_PLACES,
  LAST_FREE_DAY_SOURCES,
  PICKUP_STATUSES,
  RISK_REASONS,
} from '@quayside/domain';
import { NULLABLE_DATE_TIME, NULLABLE_STRING, resourceSchema, toMany, toOne } from '../openapi/json-api-schemas';

const timestamp = (description: string): SchemaObject => ({ ...NULLABLE_DATE_TIME, description });

const HOLD: SchemaObject = {
  type: 'object',
  required: ['name', 'status'],
  properties: {
    name: { type: 'string', enum: [...HOLD_NAMES], description: 'Case-sensitive: USDA, VACIS, TMF upper case.' },
    status: { type: 'string', enum: [...HOLD_STATUSES] },
    description: NULLABLE_STRING,
  },
};

const FEE: SchemaObject = {
  type: 'object',
  required: ['type', 'amount', 'currency'],
  properties: {
    type: { type: 'string', enum: [...FEE_TYPES], description: 'A `total` entry restates the others; sums leave it out.' },
    amount: { type: 'number' },
    currency: { type: 'string', description: 'ISO 4217, e.g. USD' },
    description: {
      ...NULLABLE_STRING,
      description: "The terminal's own words for the fee; always set on `other` (e.g. `CTF: Clean Truck Fund`).",
    },
  },
};

const IMPORT_DEADLINES: SchemaObject = {
  type: 'object',
  properties: {
    pickup_lfd_line: timestamp('Shipping line last free day (per diem). Preferred source of `pickup_lfd`.'),
    pickup_lfd_terminal: timestamp('Terminal last free day (demurrage). Zone: pod_timezone.'),
    pickup_lfd_rail: timestamp(
      'Rail last free day at the inland destination (feature `rail_lfd`; null without it). Zone: final_destination_timezone.',
    ),
  },
};

const PLACE: SchemaObject = { type: 'string', enum: [...JOURNEY_PLACES] };

/** `journeyOf` of libs/domain (docs/containers.md, "Journey"). */
const JOURNEY: SchemaObject = {
  type: 'object',
  description:
    'Beyond the established API: where the container is in its journey, whether it can be picked up where it waits, whether it is at risk of demurrage, and whether it is done — one answer, the same in webhook payloads, the MCP tools, the widget and the console. Judged when the answer is made.',
  required: [
    'phase',
    'place',
    'waiting_at',
    'pickup_at',
    'picked_up_at',
    'done',
    'available_for_pickup',
    'ready_for_pickup',
    'pickup_status',
    'holds',
    'fees',
    'fees_total_by_currency',
    'last_free_day',
    'last_free_day_source',
    'days_left',
    'at_risk',
    'risk_reasons',
  ],
  properties: {
    phase: { type: 'string', enum: [...JOURNEY_PHASES], description: 'From empty out to empty returned, in journey order.' },
    place: { ...PLACE, description: 'The place the pickup facts below refer to: where it waits, is headed to wait, or was picked up.' },
    waiting_at: { ...PLACE, nullable: true, description: 'Where it waits now; null while it moves, before arrival and after pickup.' },
    pickup_at: { ...PLACE, description: 'Where it is (or was) picked up full: the inland destination when a rail leg takes it there.' },
    picked_up_at: timestamp('When it left full, at the port of discharge or at the inland destination.'),
    done: { type: 'boolean', description: 'Empty returned: nothing more will happen in this journey.' },
    available_for_pickup: {
      type: 'boolean',
      nullable: true,
      description: 'Whether the place where it waits says it may be picked up; null when it does not wait or the place does not say.',
    },
    ready_for_pickup: { type: 'boolean', description: 'Available where it waits and no hold there.' },
    pickup_status: {
      type: 'string',
      enum: [...PICKUP_STATUSES],
      description:
        'Pickup in one value: not arrived yet where it is to wait; ready, on hold, not available or not reported there; picked up; returned.',
    },
    holds: {
      type: 'array',
      items: HOLD,
      nullable: true,
      description: "Active holds at `place`; null when that place's source does not report holds.",
    },
    fees: { type: 'array', items: FEE, nullable: true, description: 'Fees at `place`; null when not reported there.' },
    fees_total_by_currency: { type: 'object', nullable: true, additionalProperties: { type: 'number' } },
    last_free_day: timestamp("The last free day at `place`: the port's (line, else terminal) or the inland destination's (rail)."),
    last_free_day_source: { type: 'string', enum: [...LAST_FREE_DAY_SOURCES], nullable: true },
    days_left: {
      type: 'integer',
      nullable: true,
      description:
        "Calendar days in the place's zone until its last free day (0 on the day, negative once passed); null unless it waits with one known.",
    },
    at_risk: { type: 'boolean', description: 'Waiting, with a last free day within 3 days (or passed) or a hold there.' },
    risk_reasons: { type: 'array', items: { type: 'string', enum: [...RISK_REASONS] } },
  },
};

export const CONTAINER_SCHEMA: SchemaObject = resourceSchema(
  'container',
  {
    number: { type: 'string' },
    ref_numbers: { type: 'array', items: { type: 'string' } },
    seal_number: NULLABLE_STRING,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    equipment_type: { type: 'string', enum: [...EQUIPMENT_TYPES], nullable: true },
    equipment_length: { type: 'integer', enum: [...EQUIPMENT_LENGTHS], nullable: true },
    equipment_height: { type: 'string', enum: [...EQUIPMENT_HEIGHTS], nullable: true },
    weight_in_lbs: { type: 'number', nullable: true },
    holds_at_pod_terminal: {
      type: 'array',
      items: HOLD,
      description: 'Active holds; an empty array (the common case) means none, never null.',
    },
    fees_at_pod_terminal: { type: 'array', items: FEE, description: 'Posted fees; empty when none.' },
    pickup_lfd: timestamp('Last free day coalesced by source priority: line, then terminal, then rail (not the earliest).'),
    pickup_appointment_at: timestamp('Pickup appointment at the terminal. Zone: pod_timezone.'),
    availability_known: { type: 'boolean', description: 'Whether the terminal reports availability for this container.' },
    available_for_pickup: { type: 'boolean', nullable: true },
    pod_arrived_at: timestamp('Vessel arrival at the port of discharge. Zone: pod_timezone.'),
    pod_discharged_at: timestamp('Discharge at the port of discharge. Zone: pod_timezone.'),
    pod_full_out_at: timestamp('Full out at the port of discharge. Zone: pod_timezone.'),
    pod_eta_at: timestamp('Port-of-discharge arrival time as reported. Zone: pod_timezone.'),
    terminal_checked_at: timestamp('When the terminal was last checked.'),
    pod_full_out_chassis_number: NULLABLE_STRING,
    location_at_pod_terminal: NULLABLE_STRING,
    final_destination_full_out_at: timestamp('Pickup at the final destination (inland moves). Zone: final_destination_timezone.'),
    empty_terminated_at: timestamp('Empty returned. Zone: empty_terminated_timezone.'),
    pod_timezone: { ...NULLABLE_STRING, description: 'IANA zone of the port of discharge.' },
    final_destination_timezone: { ...NULLABLE_STRING, description: 'IANA zone of the final destination.' },
    empty_terminated_timezone: { ...NULLABLE_STRING, description: 'IANA zone of the empty return.' },
    pod_rail_carrier_scac: NULLABLE_STRING,
    ind_rail_carrier_scac: NULLABLE_STRING,
    pod_last_tracking_request_at: NULLABLE_DATE_TIME,
    shipment_last_tracking_request_at: NULLABLE_DATE_TIME,
    pod_rail_loaded_at: NULLABLE_DATE_TIME,
    pod_rail_departed_at: NULLABLE_DATE_TIME,
    ind_eta_at: NULLABLE_DATE_TIME,
    ind_ata_at: NULLABLE_DATE_TIME,
    ind_rail_unloaded_at: NULLABLE_DATE_TIME,
    ind_facility_lfd_on: { ...NULLABLE_DATE_TIME, deprecated: true, description: 'Use import_deadlines.pickup_lfd_rail.' },
    pol_full_in_at: timestamp(
      "Full in (gated in loaded) at the port of lading, as the line or terminal reported it. Zone: the shipment's pol_timezone.",
    ),
    pol_vessel_loaded_at: timestamp('Loaded on the vessel at the port of lading. Zone: pol_timezone.'),
    pol_vessel_departed_at: timestamp('Vessel departure from the port of lading with the container on board. Zone: pol_timezone.'),
    empty_out_at: timestamp('Empty picked up for stuffing, wherever it was released.'),
    delivered_at: timestamp('Delivered to the consignee, as the line reported it.'),
    ind_facility_holds: {
      type: 'array',
      items: HOLD,
      nullable: true,
      description:
        'Holds at the inland destination facility as its rail source reports them; null when no source reports them (no rail source does yet).',
    },
    ind_facility_fees: {
      type: 'array',
      items: FEE,
      nullable: true,
      description: 'Fees at the inland destination facility; null when no source reports them (no rail source does yet).',
    },
    rail_last_tracking_request_at: timestamp('When a rail carrier last answered about this container; null when none has.'),
    ssl_lfd: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      description:
        "Always null: the established service answers it (null in every published answer) without describing it. The shipping line's last free day is `import_deadlines.pickup_lfd_line`.",
    },
    import_deadlines: IMPORT_DEADLINES,
    current_status: { type: 'string', enum: [...CONTAINER_STATUSES], nullable: true },
    ready_for_pickup: {
      type: 'boolean',
      description: 'Beyond the established API: `journey.ready_for_pickup` — available where it waits now and no hold there.',
    },
    pickup_lfd_source: {
      type: 'string',
      enum: ['line', 'terminal', 'rail'],
      nullable: true,
      description: 'Beyond the established API: which source pickup_lfd comes from.',
    },
    data_stale: {
      type: 'boolean',
      description:
        'Beyond the established API: its shipment\'s `data_stale` — followed, and the line\'s data older than the refresh cadence allows (docs/carriers.md, "Source health").',
    },
    fees_total_by_currency: {
      type: 'object',
      additionalProperties: { type: 'number' },
      description: 'Beyond the established API: sum of the posted fees per currency, `total` entries left out.',
      example: { USD: 425.5 },
    },
    journey: JOURNEY,
  },
  {
    shipment: toOne('shipment'),
    pod_terminal: toOne('terminal'),
    pickup_facility: {
      ...toOne('terminal'),
      description: 'Where the container is to be picked up: the inland terminal when it goes on by rail, else the POD terminal.',
    },
    transport_events: toMany('transport_event'),
    raw_events: toMany('raw_event'),
  },
);

export const REFRESH_RESPONSE_SCHEMA: SchemaObject = {
  type: 'object',
  properties: { message: { type: 'string', example: 'Started refresh for Shipping line, Terminal, Rail' } },
};
