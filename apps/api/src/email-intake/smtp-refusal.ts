/**
 * A message refused at SMTP: smtp-server replies with `responseCode` and the message text,
 * which carries the enhanced status code (docs/documents.md "Reply codes").
 */
export class SmtpRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'SmtpRefusal';
  }
}
