import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { notFound } from '@quayside/domain';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';

/** Nothing inline and nothing from elsewhere: the console talks only to this api. */
const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const FILES: Record<string, string> = {
  'console.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
  'index.html': 'text/html; charset=utf-8',
};
const cache = new Map<string, string>();

function file(name: string): string {
  let body = cache.get(name);
  if (body === undefined) {
    body = readFileSync(path.join(__dirname, 'assets', name), 'utf8');
    cache.set(name, body);
  }
  return body;
}

/**
 * The web console (docs/console.md): a static page and one script that call the REST api with
 * the key the user signs in with (kept in sessionStorage, sent as a header, never in a URL).
 */
@ApiExcludeController()
@Public()
@Controller('console')
export class ConsoleController {
  @Get()
  page(@Res({ passthrough: true }) reply: FastifyReply): string {
    return this.send(reply, 'index.html');
  }

  @Get('assets/:name')
  asset(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    if (!Object.prototype.hasOwnProperty.call(FILES, name) || name === 'index.html') throw notFound();
    return this.send(reply, name);
  }

  private send(reply: FastifyReply, name: string): string {
    void reply
      .type(FILES[name]!)
      .header('content-security-policy', CONSOLE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache');
    return file(name);
  }
}
