import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SEARCH_MIN_LENGTH, SearchRepository } from '@quayside/data-access';
import type { SearchHit } from '@quayside/data-access';
import { badRequest } from '@quayside/domain';
import type { FastifyRequest } from 'fastify';
import { searchParameter } from '../common/query-parameters';
import type { Query } from '../common/query-parameters';
import { ERROR_DOCUMENT } from '../openapi/json-api-schemas';
import { RequiresActivePlan } from '../plans/requires-active-plan.decorator';
import type { AccountContext } from '../tenancy/account-context';
import { CurrentAccount } from '../tenancy/current-account.decorator';
import { SEARCH_RESULT_EXAMPLE, SEARCH_RESULT_SCHEMA } from './search-hit.schema';

/** Longer terms cannot be numbers or references of anything; refusing them keeps the LIKE pattern small. */
const SEARCH_MAX_LENGTH = 100;

export interface SearchDocument {
  data: {
    id: string;
    type: SearchHit['entity_type'];
    attributes: Omit<SearchHit, 'id' | 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };
  }[];
}

/** `GET /v2/search` (docs/search.md). */
@ApiTags('Search')
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchRepository) {}

  @Get()
  @RequiresActivePlan('reading tracking data')
  @ApiOperation({
    operationId: 'searchAll',
    summary: 'Search shipments, containers, and tracking requests',
    description:
      'Substring search (case-insensitive) over the bill of lading and carrier reference of shipments, the number of containers (cargos) ' +
      'and the request number of tracking requests, and the reference numbers of all three, within your account. Shipments come first, ' +
      'then containers, then tracking requests, the newest first within each; at most 25 results. A tracking request whose shipment ' +
      `is itself a match is left out. The term needs at least ${SEARCH_MIN_LENGTH} characters (an index serves every such term).`,
  })
  @ApiQuery({
    name: 'query',
    required: true,
    description: `Search term, ${SEARCH_MIN_LENGTH} to ${SEARCH_MAX_LENGTH} characters.`,
    example: 'MSCU1234',
  })
  @ApiOkResponse({ schema: SEARCH_RESULT_SCHEMA, example: SEARCH_RESULT_EXAMPLE })
  @ApiResponse({
    status: 400,
    description: '`query` is missing, given twice, or shorter or longer than allowed (named in `source.parameter`).',
    schema: ERROR_DOCUMENT,
  })
  @ApiResponse({ status: 403, description: 'The plan does not allow reading tracking data.', schema: ERROR_DOCUMENT })
  async searchAll(@CurrentAccount() account: AccountContext, @Req() request: FastifyRequest): Promise<SearchDocument> {
    const term = searchTerm(queryOf(request));
    const hits = await this.search.search(account, term);
    return {
      data: hits.map(({ id, created_at, updated_at, ...attributes }) => ({
        id,
        type: attributes.entity_type,
        attributes: { ...attributes, created_at: created_at.toISOString(), updated_at: updated_at.toISOString() },
      })),
    };
  }
}

function searchTerm(query: Query): string {
  const term = searchParameter(query, 'query');
  if (term === undefined) throw badRequest('query is required: the number or reference to look for.', { parameter: 'query' });
  if (term.length < SEARCH_MIN_LENGTH)
    throw badRequest(`query must have at least ${SEARCH_MIN_LENGTH} characters.`, { parameter: 'query' });
  if (term.length > SEARCH_MAX_LENGTH) throw badRequest(`query must have at most ${SEARCH_MAX_LENGTH} characters.`, { parameter: 'query' });
  return term;
}

function queryOf(request: FastifyRequest): Query {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Query) : {};
}
