import type { AddressInfo } from 'node:net';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import { AccountRepository } from '@quayside/data-access';
import type { SMTPServer, SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { ApiConfig } from '../config/api.config';
import { EmailIntakeService } from './email-intake.service';
import { accountIdOfRecipient, inboundAddressOf } from './inbound-address';
import { SmtpRefusal } from './smtp-refusal';

type Done = (error?: Error | null, message?: string) => void;

/**
 * The inbound SMTP listener (docs/documents.md "Email submissions"): refuses unknown
 * recipients at RCPT, oversized mail at MAIL (SIZE) and while DATA streams, and answers DATA
 * only once the submission and its documents are stored, so a 250 means the mail is kept.
 */
@Injectable()
export class SmtpListenerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SmtpListenerService.name);
  private server: SMTPServer | null = null;
  private boundPort: number | null = null;

  constructor(
    private readonly config: ApiConfig,
    private readonly accounts: AccountRepository,
    private readonly intake: EmailIntakeService,
  ) {}

  /** The port mail is accepted on, or null when the listener is off. */
  get port(): number | null {
    return this.boundPort;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.SMTP_ENABLED !== 'true') return;
    // Loaded only when the listener is on: an api without email intake does not carry it.
    const { SMTPServer } = await import('smtp-server');
    const server = new SMTPServer({
      name: this.config.INBOUND_EMAIL_DOMAIN,
      banner: 'Quayside document intake',
      // Submissions come from mail servers relaying to us; there is no login, only recipients we own.
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: this.config.SMTP_MAX_MESSAGE_BYTES,
      logger: false,
      onRcptTo: (address, session, done) =>
        void this.checkRecipient(address, session).then(
          () => done(),
          (error: Error) => done(error),
        ),
      onData: (stream, session, done) => this.receive(stream, session, done),
    });
    server.on('error', (error) => this.logger.warn(`SMTP listener: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.config.SMTP_PORT, this.config.SMTP_HOST, () => resolve());
    });
    this.server = server;
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.logger.log(
      `Email submissions accepted at smtp://${this.config.SMTP_HOST}:${this.boundPort} for ${inboundAddressOf('<account id>', this.config.INBOUND_EMAIL_DOMAIN)}`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async checkRecipient(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    const accountId = accountIdOfRecipient(address.address, this.config.INBOUND_EMAIL_DOMAIN);
    const account = accountId === null ? null : await this.accounts.findById(accountId);
    if (account === null) throw new SmtpRefusal(550, `5.1.1 <${address.address}>: no such Quayside inbox`);
    const earlier = session.envelope.rcptTo.map((recipient) => accountIdOfRecipient(recipient.address, this.config.INBOUND_EMAIL_DOMAIN));
    // One message, one account: its documents are stored in one transaction of that account.
    if (earlier.some((id) => id !== account.id))
      throw new SmtpRefusal(452, '4.5.3 One Quayside inbox per message; send the rest separately');
  }

  private receive(stream: SMTPServerDataStream, session: SMTPServerSession, done: Done): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        done(new SmtpRefusal(552, `5.3.4 Message larger than ${this.config.SMTP_MAX_MESSAGE_BYTES} bytes`));
        return;
      }
      const recipient = session.envelope.rcptTo[0]?.address ?? '';
      const accountId = accountIdOfRecipient(recipient, this.config.INBOUND_EMAIL_DOMAIN);
      if (accountId === null) {
        done(new SmtpRefusal(554, '5.5.1 No valid recipient'));
        return;
      }
      this.intake.accept({ accountId }, Buffer.concat(chunks)).then(
        (submission) => done(null, `2.0.0 Stored as email submission ${submission.id}`),
        (error: unknown) => {
          if (error instanceof SmtpRefusal) return done(error);
          this.logger.error(`Email submission failed: ${error instanceof Error ? error.message : String(error)}`);
          return done(new SmtpRefusal(451, '4.3.0 Could not store the message; try again later'));
        },
      );
    });
  }
}
