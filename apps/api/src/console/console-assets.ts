import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { HUMAN_WORDS } from '@quayside/domain';
import type { FastifyReply } from 'fastify';

export interface ConsoleFile {
  type: string;
  body: string;
}

/** Nothing inline and nothing from elsewhere: the console talks only to this api. */
const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const ASSETS = path.join(__dirname, 'assets');
/**
 * The domain's words for every event, status and journey value (libs/domain `HUMAN_WORDS`), as
 * the script the console's pages read them from: the browser gets the one table, never a copy.
 */
const WORDS = 'words.js';
const PAGES = 'pages';
/** Where index.html lists the page scripts. */
const PAGES_MARKER = /<!-- pages:[^>]*-->/;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/**
 * The console's files, read once: the shell (index.html, console.js, console.css) and every
 * script of assets/pages, each of which registers one page. Adding a page is adding a file
 * there; the page lists them in name order, and the navigation follows what they register.
 */
@Injectable()
export class ConsoleAssets {
  private readonly files = new Map<string, ConsoleFile>();
  private index: ConsoleFile | null = null;
  private scripts: string[] | null = null;

  /** index.html with a script tag for each page. */
  page(): ConsoleFile {
    if (this.index === null) {
      const tags = this.pageScripts()
        .map((name) => `<script src="/console/assets/${PAGES}/${name}"></script>`)
        .join('\n    ');
      const html = readFileSync(path.join(ASSETS, 'index.html'), 'utf8');
      if (!PAGES_MARKER.test(html)) throw new Error('console index.html has no <!-- pages: --> marker for the page scripts');
      this.index = { type: TYPES['.html']!, body: html.replace(PAGES_MARKER, tags) };
    }
    return this.index;
  }

  /** `console.js`, `console.css`, `words.js` or `pages/<file>.js`; null for anything else. */
  file(name: string): ConsoleFile | null {
    if (name === WORDS) return this.words();
    const allowed =
      name === 'console.js' ||
      name === 'console.css' ||
      (name.startsWith(`${PAGES}/`) && this.pageScripts().includes(name.slice(PAGES.length + 1)));
    if (!allowed) return null;
    let file = this.files.get(name);
    if (file === undefined) {
      file = { type: TYPES[path.extname(name)]!, body: readFileSync(path.join(ASSETS, name), 'utf8') };
      this.files.set(name, file);
    }
    return file;
  }

  private words(): ConsoleFile {
    let file = this.files.get(WORDS);
    if (file === undefined) {
      file = { type: TYPES['.js']!, body: `window.QuaysideWords = ${JSON.stringify(HUMAN_WORDS)};\n` };
      this.files.set(WORDS, file);
    }
    return file;
  }

  private pageScripts(): string[] {
    this.scripts ??= readdirSync(path.join(ASSETS, PAGES))
      .filter((name) => /^[a-z0-9-]+\.js$/.test(name))
      .sort();
    return this.scripts;
  }
}

/** Sends one of the console's files with its type and the console's security headers. */
export function sendConsoleFile(reply: FastifyReply, file: ConsoleFile): string {
  void reply
    .type(file.type)
    .header('content-security-policy', CONSOLE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache');
  return file.body;
}
