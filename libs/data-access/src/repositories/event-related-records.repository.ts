import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ContainerEntity } from '../entities/container.entity';
import { DocumentRepresentationEntity } from '../entities/document-representation.entity';
import { DocumentEntity } from '../entities/document.entity';
import { EstimatedEventEntity } from '../entities/estimated-event.entity';
import type { EventEntity } from '../entities/event.entity';
import { PortEntity } from '../entities/port.entity';
import { ShipmentEntity } from '../entities/shipment.entity';
import { TerminalEntity } from '../entities/terminal.entity';
import { TrackingRequestEntity } from '../entities/tracking-request.entity';
import { TransportEventEntity } from '../entities/transport-event.entity';
import type { EventRelatedRecords } from '@quayside/domain';
import { customFieldViewsOfRecords } from './custom-field.repository';
import { toShipment } from './shipment.repository';
import { toTrackingRequest } from './tracking-request.repository';

/**
 * Rows of one table by id, loaded once for a batch of events (`load`), then handed to each event
 * as a copy of its own (the same prototype, own fields copied), in the order the event asks for
 * them: what one event's notification does to its records cannot reach another's.
 */
class RowsById<T extends ObjectLiteral & { id: string }> {
  private readonly rows = new Map<string, T>();

  private constructor() {}

  static async load<T extends ObjectLiteral & { id: string }>(
    manager: EntityManager,
    entity: EntityTarget<T>,
    ids: Iterable<string | null | undefined>,
  ): Promise<RowsById<T>> {
    const found = new RowsById<T>();
    const wanted = uniqueIds(ids);
    if (wanted.length > 0)
      for (const row of await manager.getRepository(entity).findBy({ id: In(wanted) } as never)) found.rows.set(row.id, row);
    return found;
  }

  /** The rows of these ids that exist, each once, in the ids' order. */
  pick(ids: Iterable<string | null | undefined>): T[] {
    return uniqueIds(ids)
      .map((id) => this.rows.get(id))
      .filter((row): row is T => row !== undefined)
      .map(copyOf);
  }
}

function uniqueIds(ids: Iterable<string | null | undefined>): string[] {
  return [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
}

function copyOf<T extends object>(row: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(row) as object | null) as T, row);
}

/**
 * Loads what a webhook notification includes for an event (see docs/webhooks.md): the
 * reference object, then its tracking request / shipment / container, ports and terminals.
 * Rows of another account are never loaded: every lookup starts from the event's own ids.
 */
@Injectable()
export class EventRelatedRecordsRepository {
  /**
   * What each event's notification includes, in the events' order, each as it would be read for
   * that event alone, with each table read once for all of them: a fan-out batch of 100 events
   * read them one event at a time, some seven statements each, in its transaction. Tracking
   * requests and shipments come as the api reads them (domain records), the rest as stored.
   */
  async loadMany(manager: EntityManager, events: readonly EventEntity[]): Promise<EventRelatedRecords[]> {
    const refOf = (event: EventEntity, type: string): string | null =>
      event.reference_object_type === type ? event.reference_object_id : null;
    const [trackingRequestRows, transportEventRows, estimatedEventRows, documentRows] = await Promise.all([
      RowsById.load(
        manager,
        TrackingRequestEntity,
        events.map((e) => refOf(e, 'tracking_request')),
      ),
      RowsById.load(
        manager,
        TransportEventEntity,
        events.map((e) => refOf(e, 'transport_event')),
      ),
      RowsById.load(
        manager,
        EstimatedEventEntity,
        events.map((e) => refOf(e, 'estimated_event')),
      ),
      RowsById.load(
        manager,
        DocumentEntity,
        events.map((e) => refOf(e, 'document')),
      ),
    ]);
    const first = events.map((event) => {
      const trackingRequests = trackingRequestRows.pick([refOf(event, 'tracking_request')]);
      const transportEvents = transportEventRows.pick([refOf(event, 'transport_event')]);
      const estimatedEvents = estimatedEventRows.pick([refOf(event, 'estimated_event')]);
      // A document's extraction event shows the document, its latest extraction and the shipments it was linked to.
      const documents = documentRows.pick([refOf(event, 'document')]).filter((d) => d.account_id === event.account_id);
      const isContainerChange =
        event.reference_object_type === 'container_updated_event' || event.reference_object_type === 'container_pod_terminal_changed_event';
      // As the established API: a container change shows the container and its terminal, not the shipment.
      const shipmentIds = [
        refOf(event, 'shipment'),
        isContainerChange ? null : event.shipment_id,
        ...trackingRequests.map((t) => t.tracked_object_id),
        ...transportEvents.map((t) => t.shipment_id),
        ...estimatedEvents.map((e) => e.shipment_id),
        ...documents.flatMap((d) => d.shipment_ids),
      ];
      const containerIds = [refOf(event, 'container'), event.container_id, ...transportEvents.map((t) => t.container_id)];
      return { event, trackingRequests, transportEvents, estimatedEvents, documents, isContainerChange, shipmentIds, containerIds };
    });

    const [representationRows, shipmentRows, containerRows] = await Promise.all([
      RowsById.load(
        manager,
        DocumentRepresentationEntity,
        first.flatMap((f) => f.documents.map((d) => d.last_document_representation_id)),
      ),
      RowsById.load(
        manager,
        ShipmentEntity,
        first.flatMap((f) => f.shipmentIds),
      ),
      RowsById.load(
        manager,
        ContainerEntity,
        first.flatMap((f) => f.containerIds),
      ),
    ]);
    const shipmentsOf = first.map((f) => shipmentRows.pick(f.shipmentIds).filter((s) => s.account_id === f.event.account_id));
    const allShipmentIds = uniqueIds(shipmentsOf.flatMap((shipments) => shipments.map((s) => s.id)));
    const allOfShipments =
      allShipmentIds.length === 0
        ? []
        : await manager
            .getRepository(ContainerEntity)
            .find({ where: { shipment_id: In(allShipmentIds) }, order: { created_at: 'ASC', id: 'ASC' } });

    const second = first.map((f, index) => {
      const shipments = shipmentsOf[index]!;
      const own = new Set(shipments.map((s) => s.id));
      const ofShipments = allOfShipments.filter((c) => c.shipment_id !== null && own.has(c.shipment_id)).map(copyOf);
      const containerIdsByShipment = new Map<string, string[]>();
      for (const c of ofShipments) {
        if (c.shipment_id) containerIdsByShipment.set(c.shipment_id, [...(containerIdsByShipment.get(c.shipment_id) ?? []), c.id]);
      }
      const { event, transportEvents, estimatedEvents, isContainerChange } = f;
      // A tracking request's notification lists all the shipment's containers; other events only theirs.
      const containers = [...containerRows.pick(f.containerIds), ...(event.reference_object_type === 'tracking_request' ? ofShipments : [])]
        .filter((c, i, all) => all.findIndex((other) => other.id === c.id) === i)
        .filter((c) => c.account_id === event.account_id);
      const portIds = [
        ...transportEvents.map((t) => t.location_id),
        ...(event.reference_object_type === 'tracking_request' || event.reference_object_type === 'shipment'
          ? shipments.flatMap((s) => [s.port_of_lading_id, s.port_of_discharge_id, s.destination_id])
          : []),
      ];
      const locodes = estimatedEvents.map((e) => e.location_locode).filter((code): code is string => code !== null);
      const terminalIds = [
        ...transportEvents.map((t) => t.terminal_id),
        ...(event.reference_object_type === 'tracking_request' ? shipments.map((s) => s.pod_terminal_id) : []),
        ...(isContainerChange ? containers.map((c) => c.pod_terminal_id) : []),
      ];
      return { ...f, shipments, containerIdsByShipment, containers, portIds, locodes, terminalIds };
    });

    const allLocodes = [...new Set(second.flatMap((s) => s.locodes))];
    const [portRows, allEstimatePorts, terminalRows] = await Promise.all([
      RowsById.load(
        manager,
        PortEntity,
        second.flatMap((s) => s.portIds),
      ),
      allLocodes.length === 0 ? Promise.resolve([]) : manager.getRepository(PortEntity).findBy({ code: In(allLocodes) }),
      RowsById.load(
        manager,
        TerminalEntity,
        second.flatMap((s) => s.terminalIds),
      ),
    ]);

    const shown = second.map((s) => ({ ...s, shownContainers: s.event.reference_object_type === 'shipment' ? [] : s.containers }));
    const customFieldRecords = shown.map((s) => [
      ...s.trackingRequests
        .filter((t) => t.account_id === s.event.account_id)
        .map((t) => ({ entityType: 'TrackingRequest' as const, id: t.id })),
      ...s.shipments.map((sh) => ({ entityType: 'Shipment' as const, id: sh.id })),
      ...s.shownContainers.map((c) => ({ entityType: 'Container' as const, id: c.id })),
    ]);
    // Custom fields are read per account, as each event reads only its own account's.
    const accountIds = [...new Set(events.map((e) => e.account_id))];
    const views = new Map(
      await Promise.all(
        accountIds.map(
          async (accountId) =>
            [
              accountId,
              await customFieldViewsOfRecords(
                manager,
                accountId,
                customFieldRecords.filter((_, index) => events[index]!.account_id === accountId).flat(),
              ),
            ] as const,
        ),
      ),
    );

    return shown.map((s, index) => {
      const wanted = new Set(customFieldRecords[index]!.map((r) => `${r.entityType}\u0000${r.id}`));
      const estimatePorts = allEstimatePorts.filter((p) => s.locodes.includes(p.code)).map(copyOf);
      const ports = portRows.pick(s.portIds);
      return {
        tracking_requests: s.trackingRequests.map(toTrackingRequest),
        shipments: s.shipments.map((sh) => ({ ...toShipment(sh), container_ids: s.containerIdsByShipment.get(sh.id) ?? [] })),
        containers: s.shownContainers,
        transport_events: s.transportEvents,
        estimated_events: s.estimatedEvents.map((e) =>
          Object.assign(e, { port_id: estimatePorts.find((p) => p.code === e.location_locode)?.id ?? null }),
        ),
        ports: [...ports, ...estimatePorts.filter((p) => !ports.some((other) => other.id === p.id))],
        terminals: terminalRows.pick(s.terminalIds),
        custom_fields: (views.get(s.event.account_id) ?? []).filter((v) => wanted.has(`${v.entity_type}\u0000${v.entity_id}`)),
        ...(s.documents.length > 0
          ? {
              documents: s.documents,
              document_representations: representationRows.pick(s.documents.map((d) => d.last_document_representation_id)),
            }
          : {}),
      };
    });
  }
}
