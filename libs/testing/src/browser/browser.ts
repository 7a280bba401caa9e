import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { BROWSER_INSTALL_COMMAND, CHROMIUM_CANDIDATES } from './browser-prerequisites';

export function chromiumPath(): string {
  const found = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`No chromium at ${CHROMIUM_CANDIDATES.join(', ')}: run \`${BROWSER_INSTALL_COMMAND}\` (.ci/run does).`);
  return found;
}

export async function launchChromium(): Promise<Browser> {
  // --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'] });
}

/** A web server for a page that embeds the widget, on 127.0.0.1 at a free port. */
export async function servePage(html: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
