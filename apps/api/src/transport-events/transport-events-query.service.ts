import { Injectable } from '@nestjs/common';
import { ContainerRepository, TransportEventRepository } from '@quayside/data-access';
import type { TransportEventEntity } from '@quayside/data-access';
import type { PageRequest } from '@quayside/json-api';
import type { PageResult } from '../common/json-api-presenter.service';
import type { AccountContext } from '../tenancy/account-context';

/** `GET /v2/containers/{id}/transport_events`: the container must be the caller's (404 unknown, 401 another account's). */
@Injectable()
export class TransportEventsQueryService {
  constructor(
    private readonly containers: ContainerRepository,
    private readonly events: TransportEventRepository,
  ) {}

  async listForContainer(account: AccountContext, containerId: string, page: PageRequest): Promise<PageResult<TransportEventEntity>> {
    await this.containers.findOwned(account, containerId);
    return this.events.listForContainer(account, containerId, { offset: page.offset, limit: page.size });
  }
}
