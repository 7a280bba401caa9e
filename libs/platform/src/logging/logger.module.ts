import type { DynamicModule } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { LogLevel } from '../config/base-app.config';

/** Paths that may hold credentials; pino replaces them before a line is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-operator-token"]',
  'res.headers["set-cookie"]',
  '*.api_key',
  '*.apiKey',
  '*.key_hash',
  '*.secret',
  '*.password',
];

/**
 * One JSON line per event, tagged with the app name so the three processes of `npm start`
 * (and of a deployment) can share one log stream; every HTTP line carries a request id.
 */
export function createLoggerModule(app: string, level: LogLevel, format: 'json' | 'pretty'): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      base: { app },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      genReqId: (req: IncomingMessage) => {
        const given = req.headers['x-request-id'];
        return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
      },
      customProps: () => ({ app }),
      ...(format === 'pretty'
        ? { transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }
        : {}),
    },
  });
}
