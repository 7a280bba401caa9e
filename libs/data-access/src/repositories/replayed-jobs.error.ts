/** Jobs of a batch that were completed already (replays): the batch wrote nothing (ObservationRepository.applyJobs). */
export class ReplayedJobsError extends Error {
  constructor(readonly outboxIds: readonly string[]) {
    super(`jobs completed already: ${outboxIds.join(', ') || 'one of the batch'}`);
    this.name = 'ReplayedJobsError';
  }
}
