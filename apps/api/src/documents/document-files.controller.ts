import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DomainError } from '@quayside/domain';
import { contentDisposition, ObjectStorage, verifyDownload } from '@quayside/platform';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { SigningSecret } from './signing-secret';

function forbidden(detail: string): DomainError {
  return new DomainError('forbidden', { title: 'Forbidden', detail, code: 'download_url_invalid' });
}

/**
 * `GET /document_files?key&expires&filename&content_type&signature`: the `download_url` of the
 * local storage driver. No API key — the HMAC signature and its expiry are the permission
 * (docs/documents.md "Storage"). With the S3 driver the store serves its own presigned URLs.
 */
@ApiExcludeController()
@Controller('document_files')
export class DocumentFilesController {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly secret: SigningSecret,
  ) {}

  @Get()
  @Public()
  async download(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const text = (name: string): string => (typeof query[name] === 'string' ? query[name] : '');
    const signed = { key: text('key'), expires: Number(text('expires')), fileName: text('filename'), contentType: text('content_type') };
    const verdict = verifyDownload(this.secret.value, signed, text('signature'), Math.floor(Date.now() / 1000));
    if (verdict === 'invalid') throw forbidden('This download URL is not valid; ask GET /v2/documents/{id}/download_url for a new one.');
    if (verdict === 'expired') throw forbidden('This download URL has expired; ask GET /v2/documents/{id}/download_url for a new one.');
    const bytes = await this.storage.get(signed.key);
    if (bytes === null)
      throw new DomainError('not_found', { title: 'Not Found', detail: 'The document has been deleted.', code: 'not_found' });
    await reply
      .header('content-type', signed.contentType)
      .header('content-disposition', contentDisposition(signed.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(bytes);
  }
}
