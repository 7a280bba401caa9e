/**
 * Where work that must outlive a transaction connects: the outbox listener's `LISTEN` and the
 * advisory lock that elects it. Through a transaction-mode pooler neither holds (a notification
 * reaches the server connection that listened, which by then serves another client or none, and
 * the lock stays with that server connection after the process is gone), so there it needs a
 * connection that bypasses the pooler (`DATABASE_DIRECT_URL`), or none.
 */
export class SessionConnection {
  /** `url` null: no connection of this process may hold a session; the listener stays off. */
  constructor(readonly url: string | null) {}
}
