import { Injectable } from '@nestjs/common';
import {
  IdempotencyKeyRepository,
  ReferenceDataRepository,
  TrackingRequestRepository,
  TrackingSourceRepository,
  toShippingLine,
} from '@quayside/data-access';
import type { NewTrackingRequest, StoredResponse, UnitOfWork } from '@quayside/data-access';
import { DomainError, unprocessableEntity } from '@quayside/domain';
import type { ValidationIssue } from '@quayside/domain';
import type { JsonApiDocument } from '@quayside/json-api';
import { JOB, QUEUE } from '@quayside/queues';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { distinct } from '../common/list-changes';
import { EntitlementsService } from '../plans/entitlements.service';
import type { AccountContext } from '../tenancy/account-context';
import type { CreateTrackingRequestAttributes } from './dto/create-tracking-request.dto';
import { TRACKING_REQUEST_TYPE } from './tracking-request.resource';
import { carrierIssues, checkNumberOfRequest, sourceIssues } from './tracking-request-rules';

export const TRACKING_REQUEST_JOBS = {
  track: { queue: QUEUE.tracker, jobName: JOB.trackRequest },
  fanOut: { queue: QUEUE.webhookFanout, jobName: JOB.fanOut },
};

export interface IdempotencyOptions {
  key: string;
  /** `requestFingerprint` of the request: the same key with another request is refused. */
  fingerprint: string;
}

/**
 * `POST /v2/tracking_requests`: checks the number (one per request), the carrier (known, served
 * by a source of this server, enabled for the account) and the account's right to one more
 * active container, then stores the request with its tracker outbox row in one transaction and
 * answers at once (201, `pending`, no shipment).
 * A request the account already has active is stored as failed `duplicate` (docs/tracking-requests.md).
 */
@Injectable()
export class CreateTrackingRequestUseCase {
  constructor(
    private readonly requests: TrackingRequestRepository,
    private readonly reference: ReferenceDataRepository,
    private readonly sources: TrackingSourceRepository,
    private readonly idempotencyKeys: IdempotencyKeyRepository,
    private readonly entitlements: EntitlementsService,
    private readonly presenter: JsonApiPresenter,
  ) {}

  /** `customerId`: the party of `relationships.customer`, already checked (TrackingRequestCustomerService). */
  async execute(
    account: AccountContext,
    attributes: CreateTrackingRequestAttributes,
    idempotency: IdempotencyOptions | null,
    customerId: string | null = null,
  ): Promise<StoredResponse> {
    if (idempotency !== null) {
      // A replay answers what the first request answered, whatever has changed since (a cap
      // reached by that very request, say); checked again under the lock in `execute` below.
      const earlier = await this.idempotencyKeys.lookup(account, idempotency.key, idempotency.fingerprint);
      if (earlier !== null) return this.answerEarlier(earlier);
    }
    const input = { ...(await this.validate(account, attributes)), customer_id: customerId };
    if ((await this.requests.findActiveFor(account, input)) === null) {
      // A duplicate adds no active container, so only a new request is held to the cap.
      await this.entitlements.assertCanTrackMore(account);
    }
    if (idempotency === null) return this.store(account, input);
    const result = await this.idempotencyKeys.execute(account, idempotency.key, idempotency.fingerprint, (transaction) =>
      this.store(account, input, transaction),
    );
    return result.outcome === 'executed' ? result.response : this.answerEarlier(result);
  }

  private async validate(
    account: AccountContext,
    attributes: CreateTrackingRequestAttributes,
  ): Promise<Omit<NewTrackingRequest, 'customer_id'>> {
    const issues: ValidationIssue[] = [];
    const number = checkNumberOfRequest(attributes.request_number, attributes.request_type);
    if (!number.ok) issues.push(number.issue);
    const found = await this.reference.findShippingLineByScac(attributes.scac);
    const line = found === null ? null : toShippingLine(found);
    issues.push(...carrierIssues(attributes.scac, line, attributes.request_type, account.account));
    // Nothing is stored for a line no source of this server serves: refused now, not failed a day later.
    if (line !== null) issues.push(...sourceIssues(line, attributes.request_type, await this.sources.servedCarrier(line.scac)));
    if (!number.ok || line === null || issues.length > 0) throw unprocessableEntity(issues);
    return {
      request_number: number.number,
      request_type: attributes.request_type,
      // Stored under the line's own SCAC, so an alternative SCAC finds the same duplicates.
      scac: line.scac,
      ref_numbers: distinct(attributes.ref_numbers ?? []),
      tags: distinct([...(attributes.tags ?? []), ...(attributes.shipment_tags ?? [])]),
    };
  }

  private async store(account: AccountContext, input: NewTrackingRequest, transaction?: UnitOfWork): Promise<StoredResponse> {
    const created = await this.requests.create(account, input, TRACKING_REQUEST_JOBS, transaction);
    const body: JsonApiDocument = await this.presenter.one(TRACKING_REQUEST_TYPE, created.request, account);
    return { status: 201, body };
  }

  private answerEarlier(earlier: { outcome: 'replayed'; response: StoredResponse } | { outcome: 'mismatch' }): StoredResponse {
    if (earlier.outcome === 'replayed') return earlier.response;
    throw new DomainError('unprocessable', {
      title: 'Unprocessable Entity',
      detail: 'This Idempotency-Key was used with a different request in the last 24 hours. Use a new key for a new request.',
      code: 'invalid',
      meta: { header: 'Idempotency-Key' },
    });
  }
}
