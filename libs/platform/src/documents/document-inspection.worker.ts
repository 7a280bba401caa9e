import type { UploadLimits } from '@quayside/domain';
import { inspectDocument } from './document-inspection';
import type { Inspection } from './document-inspection';

/** The worker thread's task (piscina): one upload's checks, away from the api's event loop. */
export default function inspect(task: { fileName: string; bytes: Uint8Array; limits: UploadLimits }): Promise<Inspection> {
  return inspectDocument(task.fileName, task.bytes, task.limits);
}
