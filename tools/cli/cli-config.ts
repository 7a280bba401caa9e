/** The environment the command-line tools read; nothing else in tools/cli touches `process.env`. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/quayside';

export function databaseUrlFromEnv(): string {
  return process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
}
