import type { FileKind } from './document-type.enum';
import { FILE_KINDS } from './document-type.enum';
import { kindFromFileName, sniffFileKind } from './file-sniffing';
import { imageDimensions } from './image-dimensions';

export interface UploadLimits {
  maxBytes: number;
  maxPages: number;
  /** Largest width × height an image (or a page image) may declare. */
  maxPixels: number;
}

/** Why an upload is refused; `status` is the HTTP status the api answers with (docs/documents.md "Limits"). */
export interface UploadProblem {
  status: 413 | 415 | 422;
  code:
    | 'empty_file'
    | 'file_too_large'
    | 'unsupported_file_type'
    | 'file_type_mismatch'
    | 'corrupt_file'
    | 'decompression_bomb'
    | 'pdf_encrypted'
    | 'too_many_pages';
  detail: string;
}

const ACCEPTED = 'PDF, PNG, JPEG, TIFF or .eml';

/**
 * The checks that need only the bytes and the name: size, the real type from the bytes' signature
 * (a name's extension must agree with it), and for images the declared pixel count. PDF structure
 * (encryption, corruption, page count) is checked by the api's PDF inspector after these pass.
 */
export function checkUploadedFile(
  fileName: string,
  bytes: Uint8Array,
  limits: UploadLimits,
): { kind: FileKind } | { problem: UploadProblem } {
  if (bytes.length === 0) return { problem: { status: 422, code: 'empty_file', detail: `The file ${fileName} is empty.` } };
  if (bytes.length > limits.maxBytes) {
    return {
      problem: {
        status: 413,
        code: 'file_too_large',
        detail: `The file is ${bytes.length} bytes; at most ${limits.maxBytes} bytes are accepted.`,
      },
    };
  }
  const sniffed = sniffFileKind(bytes);
  const claimed = kindFromFileName(fileName);
  if (sniffed === null) {
    const what = claimed === null ? 'is not' : `is named as ${claimed.toUpperCase()} but is not`;
    return {
      problem: {
        status: 415,
        code: claimed === null ? 'unsupported_file_type' : 'file_type_mismatch',
        detail: `The file ${fileName} ${what} a ${ACCEPTED} file.`,
      },
    };
  }
  if (claimed !== null && claimed !== sniffed) {
    return {
      problem: {
        status: 415,
        code: 'file_type_mismatch',
        detail: `The file ${fileName} is named as ${claimed.toUpperCase()} but its content is ${sniffed.toUpperCase()}.`,
      },
    };
  }
  if (sniffed === 'png' || sniffed === 'jpeg' || sniffed === 'tiff') {
    const size = imageDimensions(sniffed, bytes);
    if (size === null || size.width === 0 || size.height === 0) {
      return {
        problem: {
          status: 422,
          code: 'corrupt_file',
          detail: `The ${sniffed.toUpperCase()} image ${fileName} has no readable size; it is corrupt.`,
        },
      };
    }
    if (size.width * size.height > limits.maxPixels) {
      return {
        problem: {
          status: 422,
          code: 'decompression_bomb',
          detail: `The image declares ${size.width}×${size.height} pixels, more than the ${limits.maxPixels} accepted; it would decompress to far more than its size.`,
        },
      };
    }
  }
  return { kind: sniffed };
}

export function isFileKind(value: string): value is FileKind {
  return (FILE_KINDS as readonly string[]).includes(value);
}
