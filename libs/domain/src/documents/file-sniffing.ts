import { FILE_KIND_EXTENSIONS, FILE_KINDS } from './document-type.enum';
import type { FileKind } from './document-type.enum';

// A Map: a file named `x.constructor` must not find Object.prototype's member.
const EXTENSIONS: ReadonlyMap<string, FileKind> = new Map(
  FILE_KINDS.flatMap((kind) => FILE_KIND_EXTENSIONS[kind].map((extension) => [extension, kind] as const)),
);

/** The kind a file name claims by its extension, or `null` for none or an unknown one. */
export function kindFromFileName(fileName: string): FileKind | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match ? (EXTENSIONS.get(match[1]!.toLowerCase()) ?? null) : null;
}

// Headers that only a mail message starts with; a text file with a colon on line one is not mail.
const MAIL_HEADERS =
  /^(from|to|subject|date|message-id|mime-version|received|return-path|delivered-to|reply-to|cc|x-[a-z0-9-]+|content-type|dkim-signature|arc-[a-z-]+|authentication-results)$/i;

/**
 * Whether the bytes are a mail message (RFC 5322): a header block of mail headers including
 * `From:` and at least one other. Binary kinds are sniffed by their signatures elsewhere
 * (file-type); mail has no signature, so this is the one rule for it.
 */
export function looksLikeMail(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return false;
  const lines = new TextDecoder('latin1').decode(head).split(/\r?\n/);
  const names: string[] = [];
  for (const line of lines) {
    if (line === '') break;
    if (/^[ \t]/.test(line) && names.length > 0) continue;
    const header = /^([!-9;-~]+):/.exec(line);
    if (!header) return false;
    names.push(header[1]!.toLowerCase());
  }
  return (
    names.length >= 2 &&
    names.every((name) => MAIL_HEADERS.test(name) || /^[a-z0-9-]+$/.test(name)) &&
    names.some((name) => name === 'from') &&
    names.some((name) => MAIL_HEADERS.test(name) && name !== 'from')
  );
}
