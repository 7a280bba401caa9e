import { Injectable } from '@nestjs/common';
import { TransportEventRepository } from '@quayside/data-access';
import { milestonesOfDcsa3Types } from '@quayside/domain';
import { dcsaEventOf } from '@quayside/webhooks';
import type { AccountContext } from '../tenancy/account-context';
import type { DcsaFeedQuery } from './dcsa-feed-query';
import { encodeDcsaCursor } from './dcsa-feed-query';

export interface DcsaFeedPage {
  events: Record<string, unknown>[];
  nextCursor: string | null;
}

/** The caller's milestones as DCSA 3.0 events, in store order, a page at a time. */
@Injectable()
export class DcsaFeedService {
  constructor(private readonly transportEvents: TransportEventRepository) {}

  async page(account: AccountContext, query: DcsaFeedQuery): Promise<DcsaFeedPage> {
    const names = milestonesOfDcsa3Types(query.eventTypes);
    if (names.length === 0) return { events: [], nextCursor: null };
    // One row more than the page tells whether another page follows.
    const rows = await this.transportEvents.listForFeed(
      account,
      {
        events: names,
        ...(query.equipmentReference === undefined ? {} : { equipmentReference: query.equipmentReference }),
        ...(query.transportDocumentReference === undefined ? {} : { transportDocumentReference: query.transportDocumentReference }),
        ...(query.carrierBookingReference === undefined ? {} : { carrierBookingReference: query.carrierBookingReference }),
        ...(query.updatedFrom === undefined ? {} : { updatedFrom: query.updatedFrom }),
        ...(query.updatedTo === undefined ? {} : { updatedTo: query.updatedTo }),
        ...(query.after === undefined ? {} : { after: query.after }),
      },
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last ? encodeDcsaCursor({ createdAt: last.created_at, id: last.id }, query.fingerprint) : null;
    return {
      events: page.flatMap((row) => {
        const event = dcsaEventOf(row);
        return event === null ? [] : [event];
      }),
      nextCursor,
    };
  }
}
