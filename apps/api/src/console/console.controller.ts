import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { notFound } from '@quayside/domain';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { ConsoleAssets, sendConsoleFile } from './console-assets';
import type { ConsoleFile } from './console-assets';

/**
 * The web console (docs/console.md): a static page, its shell script and one script per page
 * (assets/pages), which call the REST api with the key the user signs in with (kept in
 * sessionStorage, sent as a header, never in a URL). `/` and `/console/` are ConsoleEntryRoutes'.
 */
@ApiExcludeController()
@Public()
@Controller('console')
export class ConsoleController {
  constructor(private readonly assets: ConsoleAssets) {}

  @Get()
  page(@Res({ passthrough: true }) reply: FastifyReply): string {
    return sendConsoleFile(reply, this.assets.page());
  }

  @Get('assets/:name')
  asset(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    return sendConsoleFile(reply, found(this.assets.file(name)));
  }

  @Get('assets/pages/:name')
  pageScript(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    return sendConsoleFile(reply, found(this.assets.file(`pages/${name}`)));
  }
}

function found(file: ConsoleFile | null): ConsoleFile {
  if (file === null) throw notFound();
  return file;
}
