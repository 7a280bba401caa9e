import { Inject, Injectable } from '@nestjs/common';
import { ResourceRegistry, buildDocument, paginationLinksAndMeta, parseInclude, parsePage } from '@quayside/json-api';
import type { IncludeTree, JsonApiDocument, PageBounds, PageRequest } from '@quayside/json-api';
import type { FastifyRequest } from 'fastify';
import type { AccountContext } from '../tenancy/account-context';
import { PUBLIC_BASE_URL } from './json-api-options';

/** A page of records and how many match in total (what list repositories return). */
export interface PageResult<T> {
  rows: readonly T[];
  total: number;
  /** From keyset-capable lists: the links then carry cursors (docs/json-api.md, "Pagination"). */
  bounds?: PageBounds;
}

/**
 * Everything a controller needs to answer in JSON:API: parsing `include` and `page[...]` from
 * the query and building the document (includes loaded in batches, within the caller's
 * account). Resource types are registered on the shared `ResourceRegistry` by their modules.
 */
@Injectable()
export class JsonApiPresenter {
  constructor(
    private readonly registry: ResourceRegistry<AccountContext>,
    @Inject(PUBLIC_BASE_URL) private readonly baseUrl: string,
  ) {}

  /** `include` of the request, checked against what `type` allows (400 naming an unknown path). */
  include(type: string, request: FastifyRequest): IncludeTree {
    return parseInclude(this.registry, type, queryOf(request)['include']);
  }

  page(request: FastifyRequest): PageRequest {
    return parsePage(queryOf(request));
  }

  async one(type: string, record: unknown, account: AccountContext, include?: IncludeTree): Promise<JsonApiDocument> {
    return buildDocument(this.registry, { type, data: record, context: account, ...(include ? { include } : {}) });
  }

  /** A page with `links` (first, prev, self, next, last) and `meta` (size, total). */
  async paginated(
    type: string,
    result: PageResult<unknown>,
    page: PageRequest,
    request: FastifyRequest,
    account: AccountContext,
    include?: IncludeTree,
  ): Promise<JsonApiDocument> {
    const path = `${this.baseUrl}${request.url.split('?')[0] ?? ''}`;
    const { links, meta } = paginationLinksAndMeta({
      path,
      query: queryOf(request),
      page,
      total: result.total,
      ...(result.bounds ? { bounds: result.bounds } : {}),
    });
    return buildDocument(this.registry, { type, data: [...result.rows], context: account, links, meta, ...(include ? { include } : {}) });
  }

  /** A complete, unpaginated list (small collections such as API keys). */
  async all(
    type: string,
    records: readonly unknown[],
    request: FastifyRequest,
    account: AccountContext,
    include?: IncludeTree,
  ): Promise<JsonApiDocument> {
    return buildDocument(this.registry, {
      type,
      data: [...records],
      context: account,
      links: { self: `${this.baseUrl}${request.url}` },
      meta: { size: records.length, total: records.length },
      ...(include ? { include } : {}),
    });
  }
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
}
