import { Module } from '@nestjs/common';
import { ConsoleController } from './console.controller';

/** The web console at /console (docs/console.md). */
@Module({ controllers: [ConsoleController] })
export class ConsoleModule {}
