import { Module } from '@nestjs/common';
import { ConsoleAssets } from './console-assets';
import { ConsoleEntryRoutes } from './console-entry.routes';
import { ConsoleController } from './console.controller';

/** The web console at /console (and /console/), and `/` leading to it (docs/console.md). */
@Module({ controllers: [ConsoleController], providers: [ConsoleAssets, ConsoleEntryRoutes] })
export class ConsoleModule {}
