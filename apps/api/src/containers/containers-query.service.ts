import { Injectable } from '@nestjs/common';
import { ContainerRepository } from '@quayside/data-access';
import type { ContainerListFilters } from '@quayside/data-access';
import type { PageRequest } from '@quayside/json-api';
import type { PageResult } from '../common/json-api-presenter.service';
import type { AccountContext } from '../tenancy/account-context';
import { toContainerView } from './container-view';
import type { ContainerView } from './container-view';

/** Reads containers for `GET /v2/containers` and `/v2/containers/{id}`, shaped for the caller's features. */
@Injectable()
export class ContainersQueryService {
  constructor(private readonly containers: ContainerRepository) {}

  async list(account: AccountContext, filters: ContainerListFilters, page: PageRequest): Promise<PageResult<ContainerView>> {
    const result = await this.containers.list(account, filters, page);
    return { ...result, rows: result.rows.map((row) => toContainerView(row, account)) };
  }

  async get(account: AccountContext, id: string): Promise<ContainerView> {
    return toContainerView(await this.containers.findOwnedWithEvents(account, id), account);
  }

  async update(account: AccountContext, id: string, changes: { ref_numbers?: string[] }): Promise<ContainerView> {
    return toContainerView(await this.containers.update(account, id, changes), account);
  }

  /** For include loaders: the caller's containers among `ids`, in two queries whatever the count. */
  async byIds(account: AccountContext, ids: readonly string[]): Promise<ContainerView[]> {
    return (await this.containers.findManyOwnedWithEvents(account, ids)).map((row) => toContainerView(row, account));
  }
}
