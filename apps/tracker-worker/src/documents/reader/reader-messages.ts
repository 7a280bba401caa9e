import type { FileKind } from '@quayside/domain';
import type { DocumentText, ReaderSettings } from './document-text-reader';

/** What the worker asks a reader process (over IPC, structured clone). */
export interface ReadRequest {
  type: 'read';
  kind: FileKind;
  fileName: string;
  bytes: Uint8Array;
  settings: ReaderSettings;
}

/** What a reader process answers: a page it starts (for the page bound), then its text or why it cannot be read. */
export type ReaderReply = { type: 'page'; what: string } | { type: 'text'; text: DocumentText } | { type: 'unreadable'; message: string };
