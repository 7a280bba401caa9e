import type { PartyRoleName, RoleableType } from '../enums/party-role.enum';
import type { Id, UtcTimestamp } from './common';

export interface PartyAttributes {
  company_name: string;
  nickname: string | null;
  created_at: UtcTimestamp;
  updated_at: UtcTimestamp;
}

export interface Party extends PartyAttributes {
  id: Id;
  account_id: Id;
}

export interface PartyRoleAttributes {
  role: PartyRoleName;
  roleable_type: RoleableType;
  roleable_id: Id;
  created_at: UtcTimestamp;
  updated_at: UtcTimestamp;
}

export interface PartyRole extends PartyRoleAttributes {
  id: Id;
  account_id: Id;
  party_id: Id;
}
