import { SOURCE_KINDS } from '@quayside/domain';
import type { SourceKind } from '@quayside/domain';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { inList } from './column-types';

/** Calls of one source in one minute, summed over every tracker-worker process: the source's error rate. */
@Entity({ name: 'source_call_minutes' })
@Check('chk_source_call_minutes_kind', inList('kind', SOURCE_KINDS))
export class SourceCallMinuteEntity {
  @PrimaryColumn({ type: 'text' })
  kind!: SourceKind;

  @PrimaryColumn({ type: 'text' })
  code!: string;

  /** The minute the calls ended in (truncated to the minute, UTC). */
  @PrimaryColumn({ type: 'timestamptz' })
  minute!: Date;

  @Column({ type: 'integer', default: 0 })
  calls!: number;

  @Column({ type: 'integer', default: 0 })
  errors!: number;
}
