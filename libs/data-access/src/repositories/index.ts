import { OutboxRepository } from './outbox.repository';
import { ReferenceDataRepository } from './reference-data.repository';

export { OutboxRepository } from './outbox.repository';
export type { OutboxEntry } from './outbox.repository';
export { ReferenceDataRepository } from './reference-data.repository';
export { queryRows } from './query-rows';

/**
 * Every repository `DataAccessModule` provides and exports. Add a new repository here
 * (one file per repository in this folder) and export it above.
 */
export const REPOSITORIES = [OutboxRepository, ReferenceDataRepository];
