import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF of `pages` A4 pages whose text layer reads `text` and the page's number. */
export async function textPdf(pages: number, text = 'BILL OF LADING MEDUAB123456'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1)
    document.addPage([595, 842]).drawText(`${text} page ${index + 1}`, { x: 50, y: 780, size: 12, font });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** A multipart/form-data body as a client sends an upload: the `fields`, then the file as part `file`. */
export function multipartForm(
  fileName: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = '----quayside-test-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `POST /v2/documents` with the file, as the holder of API key `key`. */
export async function uploadDocument(
  app: NestFastifyApplication,
  key: string,
  fileName: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const form = multipartForm(fileName, bytes, fields);
  const response = await app.inject({
    method: 'POST',
    url: '/v2/documents',
    headers: { ...form.headers, authorization: `Token ${key}` },
    payload: form.body,
  });
  return { status: response.statusCode, json: JSON.parse(response.body) as Record<string, unknown> };
}
