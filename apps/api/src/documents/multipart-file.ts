import type { MultipartFile } from '@fastify/multipart';
import { badRequest, DomainError } from '@quayside/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../common/errors/http-status';

export interface UploadedPart {
  fileName: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

function fieldValues(part: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  return fields;
}

/**
 * The one file of a multipart/form-data request (form field `file`), read whole within the size
 * limit: a larger file is refused with 413 while it streams in. Fields sent before the file
 * (`name`) come with it.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<UploadedPart> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
    if (!part) throw badRequest('The form has no file; send it in the field `file`.', { parameter: 'file' });
    if (part.fieldname !== 'file')
      throw badRequest(`The file must be sent in the form field \`file\`, not \`${part.fieldname}\`.`, { parameter: 'file' });
    return { fileName: part.filename || 'upload', bytes: await part.toBuffer(), fields: fieldValues(part) };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, {
        title: 'Payload Too Large',
        detail: `The file is larger than the ${maxBytes} bytes accepted.`,
        code: 'file_too_large',
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Send one file per request, with at most a few text fields.');
    if (error instanceof DomainError || error instanceof HttpError) throw error;
    // Nothing but the request body is read here: any other failure (busboy's "Unexpected end of
    // multipart data", "Malformed part header", a bad boundary, the FST_ codes not named above)
    // is a form the client sent broken.
    throw badRequest('The multipart form could not be read: send multipart/form-data with the file in the field `file`.');
  }
}
