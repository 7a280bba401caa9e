import type { DynamicModule } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { Options } from 'pino-http';
import type { LogLevel } from '../config/base-app.config';
import { serializeSafeError } from './safe-error.serializer';

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
export function createLoggerModule(app: string, level: LogLevel, format: 'json' | 'pretty', file = ''): DynamicModule {
  const options: Options = {
    level,
    base: { app },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Errors are logged by name and code, never with their properties' values (query parameters).
    serializers: { err: serializeSafeError, error: serializeSafeError },
    // Under Fastify the request id is Fastify's (set from X-Request-Id or a UUID by the api).
    genReqId: (req: IncomingMessage & { id?: unknown }) => (typeof req.id === 'string' ? req.id : randomUUID()),
  };
  const pretty = {
    transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
  return LoggerModule.forRoot({
    // Nest 11 (path-to-regexp 8) needs a named wildcard; the default '*' logs a warning at boot.
    // With logging off, no request middleware at all: pino-http builds a child logger with the
    // serialized request for every request whatever the level, and nestjs-pino runs each one in
    // an AsyncLocalStorage, which puts async hooks on every promise of the process.
    forRoutes: level === 'silent' ? [] : [{ path: '{*path}', method: RequestMethod.ALL }],
    // A file gets JSON lines whatever the format; stdout gets what LOG_FORMAT asks for.
    pinoHttp:
      file !== ''
        ? [options, pino.destination({ dest: file, sync: true, mkdir: true, append: true })]
        : { ...options, ...(format === 'pretty' ? pretty : {}) },
  });
}
