import { Injectable } from '@nestjs/common';
import { entitlementsOf } from '@quayside/domain';
import type { DocumentType, RequestType } from '@quayside/domain';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { unitOfWork } from '../database/unit-of-work';
import { AccountEntity } from '../entities/account.entity';
import { DocumentEntity } from '../entities/document.entity';
import { DocumentRepresentationEntity } from '../entities/document-representation.entity';
import { toAccount } from './account.repository';
import { findDocumentLinks } from './document-links';
import { OutboxRepository } from './outbox.repository';
import { PlanUsageRepository } from './plan-usage.repository';
import { queryRows } from './query-rows';
import { TrackingRequestRepository } from './tracking-request.repository';
import type { CreateTrackingRequestJobs } from './tracking-request.repository';

/** A worker's hold on one document's extraction: only the holder of the current generation may record. */
export interface ExtractionClaim {
  document: DocumentEntity;
  leaseId: string;
  generation: number;
  /** Claims of this generation so far, this one included. */
  attempts: number;
}

export type ExtractionClaimOutcome =
  | { outcome: 'claimed'; claim: ExtractionClaim }
  /** Extracted or failed already (a replayed job), or the document is gone. */
  | { outcome: 'nothing_to_do' }
  /** Another worker holds it until `until`; the job comes back then. */
  | { outcome: 'busy'; until: Date };

/** What reading the document gave: the representation to keep, or why it could not be read. */
export type ExtractionResult =
  | {
      status: 'extracted';
      documentType: DocumentType;
      classificationNotes: string;
      schemaVersion: string;
      payload: Record<string, unknown>;
      billOfLadingNumbers: string[];
      bookingNumbers: string[];
      containerNumbers: string[];
      /** The shipping line the numbers belong to, when known (tracking requests need it). */
      scac: string | null;
    }
  | { status: 'failed'; error: string };

/** Tracking requests made from a document, and the fan-out of its event. */
export type ExtractionJobs = CreateTrackingRequestJobs;

export type RecordOutcome =
  | {
      outcome: 'recorded';
      eventId: string;
      representationId: string | null;
      trackingRequestIds: string[];
      skippedNumbers: Record<string, string>;
    }
  /** The claim was taken over (lease expired) or a newer request came: nothing written. */
  | { outcome: 'stale' };

/**
 * The extraction side of documents (docs/documents.md "Extraction"): a worker claims a pending
 * document with a lease, reads it outside any transaction, and records the result with a
 * compare-and-set on (lease, generation). A worker killed mid-extraction loses its lease to the
 * next claim; if it was only slow, its late record finds another lease and writes nothing — so
 * each request for extraction is recorded exactly once.
 */
@Injectable()
export class DocumentExtractionRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly trackingRequests: TrackingRequestRepository,
    private readonly usage: PlanUsageRepository,
  ) {}

  async claim(documentId: string, leaseMs: number): Promise<ExtractionClaimOutcome> {
    const [claimed] = await queryRows<DocumentEntity>(
      this.dataSource,
      `UPDATE documents
          SET extraction_lease_id = gen_random_uuid(),
              extraction_lease_until = now() + make_interval(secs => $2::double precision / 1000),
              extraction_attempts = extraction_attempts + 1
        WHERE id = $1 AND extraction_status = 'pending'
          AND (extraction_lease_until IS NULL OR extraction_lease_until < now())
        RETURNING *`,
      [documentId, leaseMs],
    );
    if (claimed) {
      const document = Object.assign(new DocumentEntity(), claimed);
      return {
        outcome: 'claimed',
        claim: {
          document,
          leaseId: claimed.extraction_lease_id!,
          generation: claimed.extraction_generation,
          attempts: claimed.extraction_attempts,
        },
      };
    }
    const current = await this.dataSource.getRepository(DocumentEntity).findOneBy({ id: documentId });
    if (current?.extraction_status === 'pending' && current.extraction_lease_until !== null)
      return { outcome: 'busy', until: current.extraction_lease_until };
    return { outcome: 'nothing_to_do' };
  }

  /** Gives the claim back after a passing failure (storage away), so the retry need not wait for the lease. */
  async release(claim: ExtractionClaim): Promise<void> {
    await this.dataSource.query(
      `UPDATE documents SET extraction_lease_id = NULL, extraction_lease_until = NULL WHERE id = $1 AND extraction_lease_id = $2`,
      [claim.document.id, claim.leaseId],
    );
  }

  /**
   * Records the result once, in one transaction: the document (compare-and-set on the claim),
   * its representation, links, tracking requests, the `document.extracted` or
   * `document.extraction_failed` event with its fan-out row, and the job's outbox row.
   */
  async record(claim: ExtractionClaim, result: ExtractionResult, outboxId: string, jobs: ExtractionJobs): Promise<RecordOutcome> {
    return this.dataSource.transaction(async (tx) => {
      const document = claim.document;
      const [won] = await queryRows<{ id: string }>(
        tx,
        `UPDATE documents
            SET extraction_status = $4, extraction_error = $5, extraction_lease_id = NULL, extraction_lease_until = NULL,
                document_type = COALESCE($6, document_type), classification_notes = COALESCE($7, classification_notes), updated_at = now()
          WHERE id = $1 AND extraction_lease_id = $2 AND extraction_generation = $3 AND extraction_status = 'pending'
          RETURNING id`,
        [
          document.id,
          claim.leaseId,
          claim.generation,
          result.status,
          result.status === 'failed' ? result.error : null,
          result.status === 'extracted' ? result.documentType : null,
          result.status === 'extracted' ? result.classificationNotes : null,
        ],
      );
      if (!won) return { outcome: 'stale' as const };
      let representationId: string | null = null;
      let trackingRequestIds: string[] = [];
      let skippedNumbers: Record<string, string> = {};
      let shipmentIds = document.shipment_ids;
      if (result.status === 'extracted') {
        const representations = tx.getRepository(DocumentRepresentationEntity);
        const representation = await representations.save(
          representations.create({
            account_id: document.account_id,
            document_id: document.id,
            schema_version: result.schemaVersion,
            payload: result.payload,
          }),
        );
        representationId = representation.id;
        const links = await findDocumentLinks(tx, document.account_id, result);
        shipmentIds = links.shipmentIds;
        await tx.query(
          `UPDATE documents SET last_document_representation_id = $2, shipment_ids = $3::uuid[], container_ids = $4::uuid[] WHERE id = $1`,
          [document.id, representation.id, links.shipmentIds, links.containerIds],
        );
        ({ created: trackingRequestIds, skipped: skippedNumbers } = await this.createTrackingRequests(
          tx,
          document,
          links.untracked,
          result.scac,
          jobs,
        ));
      }
      const eventId = await this.insertEvent(
        tx,
        document,
        claim.generation,
        result,
        { representationId, trackingRequestIds, skippedNumbers, shipmentId: shipmentIds[0] ?? null },
        jobs,
      );
      await this.outbox.complete(tx, outboxId);
      return { outcome: 'recorded' as const, eventId, representationId, trackingRequestIds, skippedNumbers };
    });
  }

  /**
   * When the upload or the account asks: through the same repository as `POST /tracking_requests`,
   * each with its own tracker outbox row; held to the plan's cap.
   */
  private async createTrackingRequests(
    tx: EntityManager,
    document: DocumentEntity,
    untracked: ReadonlyArray<{ number: string; type: RequestType }>,
    scac: string | null,
    jobs: ExtractionJobs,
  ): Promise<{ created: string[]; skipped: Record<string, string> }> {
    const created: string[] = [];
    const skipped: Record<string, string> = {};
    if (untracked.length === 0) return { created, skipped };
    const accountId = document.account_id;
    const account = await tx.getRepository(AccountEntity).findOneByOrFail({ id: accountId });
    if (!document.create_tracking_requests && !account.documents_create_tracking_requests) return { created, skipped };
    // The line, and the kinds of number a source of this server can ask it by (none: not configured here, docs/carriers.md).
    const line =
      scac === null
        ? []
        : await queryRows<{ scac: string; request_types: string[] | null }>(
            tx,
            `SELECT l.scac, s.request_types FROM shipping_lines l
               LEFT JOIN tracking_sources s ON s.kind = 'carrier' AND s.code = l.scac AND s.withdrawn_at IS NULL
              WHERE l.scac = $1`,
            [scac],
          );
    const cap = entitlementsOf(toAccount(account), new Date()).activeContainerCap;
    let active = cap === null ? 0 : await this.usage.countActiveContainers({ accountId });
    for (const { number, type } of untracked) {
      if (!line[0]) {
        skipped[number] = scac === null ? 'no_shipping_line_found' : `unknown_shipping_line ${scac}`;
        continue;
      }
      if (!(line[0].request_types ?? []).includes(type)) {
        skipped[number] = `line_not_configured ${line[0].scac}`;
        continue;
      }
      if (cap !== null && active + 1 > cap) {
        skipped[number] = 'plan_limit_reached';
        continue;
      }
      const request = await this.trackingRequests.create(
        { accountId },
        { request_number: number, request_type: type, scac: line[0].scac, ref_numbers: [], tags: [], customer_id: null },
        jobs,
        unitOfWork(tx),
      );
      if (request.outcome === 'accepted') {
        created.push(request.request.id);
        active += 1;
      }
    }
    return { created, skipped };
  }

  private async insertEvent(
    tx: EntityManager,
    document: DocumentEntity,
    generation: number,
    result: ExtractionResult,
    made: {
      representationId: string | null;
      trackingRequestIds: string[];
      skippedNumbers: Record<string, string>;
      shipmentId: string | null;
    },
    jobs: ExtractionJobs,
  ): Promise<string> {
    const name = result.status === 'extracted' ? 'document.extracted' : 'document.extraction_failed';
    const payload =
      result.status === 'extracted'
        ? {
            document_type: result.documentType,
            document_representation_id: made.representationId,
            tracking_request_ids: made.trackingRequestIds,
            tracking_requests_skipped: made.skippedNumbers,
          }
        : { extraction_error: result.error };
    const [event] = await queryRows<{ id: string; created_at: Date }>(
      tx,
      `INSERT INTO events (account_id, name, reference_object_type, reference_object_id, shipment_id, payload, occurred_at, dedupe_key)
       VALUES ($1, $2, 'document', $3, $4, $5::jsonb, now(), $6)
       RETURNING id, created_at`,
      // One event per generation: a request to extract again is a new announcement.
      [document.account_id, name, document.id, made.shipmentId, JSON.stringify(payload), `document:${document.id}:${generation}:${name}`],
    );
    await this.outbox.enqueue(tx, {
      queue: jobs.fanOut.queue,
      jobName: jobs.fanOut.jobName,
      payload: { eventId: event!.id },
      accountId: document.account_id,
      availableAt: event!.created_at,
    });
    return event!.id;
  }
}
