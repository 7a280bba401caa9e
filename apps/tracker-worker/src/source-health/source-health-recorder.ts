import type { OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import { SourceHealthRepository } from '@quayside/data-access';
import type { SourceCallTally } from '@quayside/data-access';
import type { SourceCallResult, SourceKind } from '@quayside/domain';

interface Tally {
  kind: SourceKind;
  code: string;
  lastSuccessAt: Date | null;
  lastError: SourceCallTally['lastError'];
  firstErrorAt: Date | null;
  minutes: Map<string, { calls: number; errors: number }>;
}

const minuteOf = (at: Date): string => new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();

/**
 * Tallies what this process's source calls end with and merges them into the shared health rows
 * (`SourceHealthRepository.record`). Written behind the calls, one write at a time: a call never
 * waits for the database, and under load one statement carries many calls, so a busy fleet writes
 * a source's row a few times a second, not once per call. A failed write keeps its tallies for the
 * next one; at shutdown the last ones are written.
 */
@Injectable()
export class SourceHealthRecorder implements OnApplicationShutdown {
  private readonly logger = new Logger('SourceHealth');
  private pending = new Map<string, Tally>();
  private writing: Promise<void> | null = null;

  constructor(private readonly repository: SourceHealthRepository) {}

  saw(kind: SourceKind, code: string, result: SourceCallResult, at: Date = new Date()): void {
    const key = `${kind} ${code}`;
    let tally = this.pending.get(key);
    if (tally === undefined) {
      tally = { kind, code, lastSuccessAt: null, lastError: null, firstErrorAt: null, minutes: new Map() };
      this.pending.set(key, tally);
    }
    const minute = tally.minutes.get(minuteOf(at)) ?? { calls: 0, errors: 0 };
    minute.calls += 1;
    if (result.ok) {
      if (tally.lastSuccessAt === null || at >= tally.lastSuccessAt) tally.lastSuccessAt = at;
      // A success ends the failures seen before it.
      if (tally.firstErrorAt !== null && tally.firstErrorAt <= at) tally.firstErrorAt = null;
    } else {
      minute.errors += 1;
      if (tally.lastError === null || at >= tally.lastError.at)
        tally.lastError = { at, errorClass: result.errorClass, detail: result.detail };
      if ((tally.lastSuccessAt === null || at > tally.lastSuccessAt) && (tally.firstErrorAt === null || at < tally.firstErrorAt))
        tally.firstErrorAt = at;
    }
    tally.minutes.set(minuteOf(at), minute);
    this.write();
  }

  /** Resolves once everything tallied so far is written (or failed to be, and kept). */
  async flushed(): Promise<void> {
    while (this.writing !== null) await this.writing;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flushed();
    if (this.pending.size > 0) {
      this.write();
      await this.flushed();
    }
  }

  private write(): void {
    if (this.writing !== null || this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.repository
      .record([...batch.values()])
      .catch((error: unknown) => {
        this.logger.warn(`source health not written (kept for the next write): ${String(error)}`);
        this.keep(batch);
      })
      .finally(() => {
        const failed = this.pending === batch;
        this.writing = null;
        // What arrived meanwhile goes next; a failed batch waits for the next call rather than spinning.
        if (!failed) this.write();
      });
  }

  /** Puts an unwritten batch back under what arrived since (the newer values win where both have one). */
  private keep(batch: Map<string, Tally>): void {
    for (const [key, newer] of this.pending) {
      const older = batch.get(key);
      if (older === undefined) {
        batch.set(key, newer);
        continue;
      }
      for (const [minute, counts] of newer.minutes) {
        const sum = older.minutes.get(minute) ?? { calls: 0, errors: 0 };
        older.minutes.set(minute, { calls: sum.calls + counts.calls, errors: sum.errors + counts.errors });
      }
      older.lastSuccessAt = newer.lastSuccessAt ?? older.lastSuccessAt;
      older.lastError = newer.lastError ?? older.lastError;
      older.firstErrorAt = newer.lastSuccessAt !== null ? newer.firstErrorAt : (older.firstErrorAt ?? newer.firstErrorAt);
    }
    this.pending = batch;
  }
}
