import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ConsoleAssets, sendConsoleFile } from './console-assets';

/**
 * Where a person who opens the service in a browser lands: `/` leads to the console, and
 * `/console/` serves it as `/console` does (people type it, links end that way). Both are declared
 * on Fastify itself, before the server starts: Nest puts its routes under the global `/v2` prefix
 * and maps a controller's `/` to the same path as `''`. The console's URLs are absolute, so the
 * page works from either address.
 */
@Injectable()
export class ConsoleEntryRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly assets: ConsoleAssets,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/', (_request, reply) => reply.redirect('/console', 302));
    fastify.get('/console/', (_request, reply) => reply.send(sendConsoleFile(reply, this.assets.page())));
  }
}
