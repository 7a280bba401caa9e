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

async function byIds<T extends ObjectLiteral & { id: string }>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  ids: Iterable<string | null | undefined>,
): Promise<T[]> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return [];
  const rows = await manager.getRepository(entity).findBy({ id: In(wanted) } as never);
  return wanted.map((id) => rows.find((row) => row.id === id)).filter((row): row is T => row !== undefined);
}

/**
 * Loads what a webhook notification includes for an event (see docs/webhooks.md): the
 * reference object, then its tracking request / shipment / container, ports and terminals.
 * Rows of another account are never loaded: every lookup starts from the event's own ids.
 */
@Injectable()
export class EventRelatedRecordsRepository {
  /** Tracking requests and shipments come as the api reads them (domain records), the rest as stored. */
  async load(manager: EntityManager, event: EventEntity): Promise<EventRelatedRecords> {
    const ref = event.reference_object_id;
    const trackingRequests = await byIds(manager, TrackingRequestEntity, [event.reference_object_type === 'tracking_request' ? ref : null]);
    const transportEvents = await byIds(manager, TransportEventEntity, [event.reference_object_type === 'transport_event' ? ref : null]);
    const estimatedEvents = await byIds(manager, EstimatedEventEntity, [event.reference_object_type === 'estimated_event' ? ref : null]);

    // A document's extraction event shows the document, its latest extraction and the shipments it was linked to.
    const documents = (await byIds(manager, DocumentEntity, [event.reference_object_type === 'document' ? ref : null])).filter(
      (d) => d.account_id === event.account_id,
    );
    const representations = await byIds(
      manager,
      DocumentRepresentationEntity,
      documents.map((d) => d.last_document_representation_id),
    );

    const isContainerChange =
      event.reference_object_type === 'container_updated_event' || event.reference_object_type === 'container_pod_terminal_changed_event';
    // As the established API: a container change shows the container and its terminal, not the shipment.
    const shipmentIds = [
      event.reference_object_type === 'shipment' ? ref : null,
      isContainerChange ? null : event.shipment_id,
      ...trackingRequests.map((t) => t.tracked_object_id),
      ...transportEvents.map((t) => t.shipment_id),
      ...estimatedEvents.map((e) => e.shipment_id),
      ...documents.flatMap((d) => d.shipment_ids),
    ];
    const containerIds = [
      event.reference_object_type === 'container' ? ref : null,
      event.container_id,
      ...transportEvents.map((t) => t.container_id),
    ];
    const shipments = (await byIds(manager, ShipmentEntity, shipmentIds)).filter((s) => s.account_id === event.account_id);
    const ofShipments =
      shipments.length === 0
        ? []
        : await manager.getRepository(ContainerEntity).find({
            where: { shipment_id: In(shipments.map((s) => s.id)) },
            order: { created_at: 'ASC', id: 'ASC' },
          });
    const containerIdsByShipment = new Map<string, string[]>();
    for (const c of ofShipments) {
      if (c.shipment_id) containerIdsByShipment.set(c.shipment_id, [...(containerIdsByShipment.get(c.shipment_id) ?? []), c.id]);
    }
    // A tracking request's notification lists all the shipment's containers; other events only theirs.
    const containers = [
      ...(await byIds(manager, ContainerEntity, containerIds)),
      ...(event.reference_object_type === 'tracking_request' ? ofShipments : []),
    ]
      .filter((c, i, all) => all.findIndex((other) => other.id === c.id) === i)
      .filter((c) => c.account_id === event.account_id);

    const ports = await byIds(manager, PortEntity, [
      ...transportEvents.map((t) => t.location_id),
      ...(event.reference_object_type === 'tracking_request' || event.reference_object_type === 'shipment'
        ? shipments.flatMap((s) => [s.port_of_lading_id, s.port_of_discharge_id, s.destination_id])
        : []),
    ]);
    const locodes = estimatedEvents.map((e) => e.location_locode).filter((code): code is string => code !== null);
    const estimatePorts = locodes.length === 0 ? [] : await manager.getRepository(PortEntity).findBy({ code: In(locodes) });
    const terminals = await byIds(manager, TerminalEntity, [
      ...transportEvents.map((t) => t.terminal_id),
      ...(event.reference_object_type === 'tracking_request' ? shipments.map((s) => s.pod_terminal_id) : []),
      ...(isContainerChange ? containers.map((c) => c.pod_terminal_id) : []),
    ]);

    const shownContainers = event.reference_object_type === 'shipment' ? [] : containers;
    const customFields = await customFieldViewsOfRecords(manager, event.account_id, [
      ...trackingRequests
        .filter((t) => t.account_id === event.account_id)
        .map((t) => ({ entityType: 'TrackingRequest' as const, id: t.id })),
      ...shipments.map((s) => ({ entityType: 'Shipment' as const, id: s.id })),
      ...shownContainers.map((c) => ({ entityType: 'Container' as const, id: c.id })),
    ]);

    return {
      tracking_requests: trackingRequests.map(toTrackingRequest),
      shipments: shipments.map((s) => ({ ...toShipment(s), container_ids: containerIdsByShipment.get(s.id) ?? [] })),
      containers: shownContainers,
      transport_events: transportEvents,
      estimated_events: estimatedEvents.map((e) =>
        Object.assign(e, { port_id: estimatePorts.find((p) => p.code === e.location_locode)?.id ?? null }),
      ),
      ports: [...ports, ...estimatePorts.filter((p) => !ports.some((other) => other.id === p.id))],
      terminals,
      custom_fields: customFields,
      ...(documents.length > 0 ? { documents, document_representations: representations } : {}),
    };
  }
}
