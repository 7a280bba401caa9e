import 'reflect-metadata';
import { startWorker } from '@quayside/platform';
import { AppModule } from './app.module';
import { WebhookDispatcherConfig } from './config/webhook-dispatcher.config';

// The one place the webhook-dispatcher reads its environment.
startWorker('webhook-dispatcher', WebhookDispatcherConfig, (config) => AppModule.forRoot(config), process.env);
