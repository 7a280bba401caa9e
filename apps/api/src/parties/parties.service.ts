import { Injectable } from '@nestjs/common';
import { PartyRepository } from '@quayside/data-access';
import type { PartyEntity, PartyFields } from '@quayside/data-access';
import type { PageRequest } from '@quayside/json-api';
import type { PageResult } from '../common/json-api-presenter.service';
import type { AccountContext } from '../tenancy/account-context';
import type { CreatePartyAttributes } from './dto/create-party.dto';
import type { UpdatePartyAttributes } from './dto/update-party.dto';

/** Parties of the caller's account: `GET`/`POST /v2/parties`, `GET`/`PATCH /v2/parties/{id}`. */
@Injectable()
export class PartiesService {
  constructor(private readonly parties: PartyRepository) {}

  async list(account: AccountContext, page: PageRequest): Promise<PageResult<PartyEntity>> {
    return this.parties.list(account, { offset: page.offset, limit: page.size });
  }

  async get(account: AccountContext, id: string): Promise<PartyEntity> {
    return this.parties.findOwned(account, id);
  }

  async create(account: AccountContext, attributes: CreatePartyAttributes): Promise<PartyEntity> {
    return this.parties.create(account, { company_name: attributes.company_name.trim(), nickname: attributes.nickname ?? null });
  }

  async update(account: AccountContext, id: string, attributes: UpdatePartyAttributes): Promise<PartyEntity> {
    const changes: Partial<PartyFields> = {};
    if (attributes.company_name !== undefined) changes.company_name = attributes.company_name.trim();
    if (attributes.nickname !== undefined) changes.nickname = attributes.nickname;
    return this.parties.update(account, id, changes);
  }
}
