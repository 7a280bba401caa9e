import 'reflect-metadata';
import { startWorker } from '@quayside/platform';
import { AppModule } from './app.module';
import { TrackerWorkerConfig } from './config/tracker-worker.config';

// The one place the tracker-worker reads its environment.
startWorker('tracker-worker', TrackerWorkerConfig, (config) => AppModule.forRoot(config), process.env);
