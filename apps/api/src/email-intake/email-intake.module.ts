import { Module } from '@nestjs/common';
import { AccountRepository } from '@quayside/data-access';
import { DocumentsModule } from '../documents/documents.module';
import { EmailIntakeService } from './email-intake.service';
import { SmtpListenerService } from './smtp-listener.service';

/** Inbound email submissions over SMTP (docs/documents.md "Email submissions"); on when SMTP_ENABLED=true. */
@Module({
  imports: [DocumentsModule],
  providers: [AccountRepository, EmailIntakeService, SmtpListenerService],
  exports: [SmtpListenerService],
})
export class EmailIntakeModule {}
