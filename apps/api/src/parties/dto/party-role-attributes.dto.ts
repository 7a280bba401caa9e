import { ApiPropertyOptional } from '@nestjs/swagger';
import { PARTY_ROLES } from '@quayside/domain';
import type { PartyRoleName } from '@quayside/domain';
import { IsIn, IsOptional } from 'class-validator';

/**
 * `data.attributes` of `POST /v2/containers/{id}/party_roles` and `/v2/shipments/{id}/party_roles`.
 * The party goes in `data.relationships.party.data` (`{id, type: "party"}`).
 */
export class PartyRoleAttributes {
  @ApiPropertyOptional({
    enum: PARTY_ROLES,
    description: 'Required on shipments (any of the seven). Containers accept only `pickup_dray_carrier`, the default there.',
  })
  @IsOptional()
  @IsIn(PARTY_ROLES)
  role?: PartyRoleName;
}
