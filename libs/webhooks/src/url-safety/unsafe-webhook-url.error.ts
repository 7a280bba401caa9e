/** A webhook URL the service refuses to call; `message` is written for the client. */
export class UnsafeWebhookUrlError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`webhook URL refused: ${reason}`);
    this.name = 'UnsafeWebhookUrlError';
  }
}
