import { Global, Module } from '@nestjs/common';
import { OperatorNotifier } from './operator-notifier';
import { SourceHealthRecorder } from './source-health-recorder';
import { SourceOutageWatcher } from './source-outage.watcher';

/**
 * Each source's health, written from this process's calls and shared with the fleet, and the
 * operator told of an outage (docs/carriers.md, "Source health"). Global so the adapters, which
 * every job family shares, record into it.
 */
@Global()
@Module({ providers: [SourceHealthRecorder, SourceOutageWatcher, OperatorNotifier], exports: [SourceHealthRecorder] })
export class SourceHealthModule {}
