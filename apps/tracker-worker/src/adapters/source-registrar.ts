import type { OnModuleInit } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import { TrackingSourceRepository } from '@quayside/data-access';
import { TrackingAdapters } from './tracking-adapters';

/**
 * Tells the deployment which sources this worker serves, as it starts: the api refuses at once
 * a line none serves (docs/carriers.md, "What this server tracks"). Every worker of a deployment
 * runs one configuration, so the newest start's set is the deployment's; a change is logged.
 */
@Injectable()
export class SourceRegistrar implements OnModuleInit {
  private readonly logger = new Logger('Sources');

  constructor(
    private readonly adapters: TrackingAdapters,
    private readonly repository: TrackingSourceRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const sources = this.adapters.sources();
    const change = await this.repository.register(sources, new Date());
    this.logger.log(`serving ${sources.map((s) => `${s.kind} ${s.code} (${s.adapter})`).join(', ') || 'no source'}`);
    for (const source of sources.filter((s) => s.experimental)) {
      this.logger.warn(
        `${source.kind} ${source.code} (${source.adapter}) is EXPERIMENTAL: the fields it reads are not verified against the source's published schema; check its answers before relying on them (docs/carriers.md, "Published contracts")`,
      );
    }
    if (change.added.length > 0) this.logger.log(`sources added since the previous start: ${change.added.join(', ')}`);
    // A source withdrawn here is refused by the api from now on: say so loudly, a configuration may have lost it.
    if (change.withdrawn.length > 0)
      this.logger.warn(`sources no longer served (the api now refuses them): ${change.withdrawn.join(', ')}`);
  }
}
