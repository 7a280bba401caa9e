import fc from 'fast-check';
import { signDownload, verifyDownload } from './url-signature';

const download = { key: 'documents/a1/file', expires: 1_000, fileName: 'bl.pdf', contentType: 'application/pdf' };

describe('signed download URLs', () => {
  it.each([
    ['the signed values before expiry', download, 999, 'valid'],
    ['the signed values at the expiry second', download, 1_000, 'valid'],
    ['the signed values after expiry', download, 1_001, 'expired'],
    ['another key', { ...download, key: 'documents/b2/file' }, 999, 'invalid'],
    ['a later expiry', { ...download, expires: 9_999 }, 999, 'invalid'],
    ['another file name', { ...download, fileName: 'x.html' }, 999, 'invalid'],
    ['another content type', { ...download, contentType: 'text/html' }, 999, 'invalid'],
  ] as const)('%s → %s', (_label, presented, now, expected) => {
    expect(verifyDownload('secret', presented, signDownload('secret', download), now)).toBe(expected);
  });

  it('a signature made with another secret never verifies', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        fc.pre(a !== b);
        expect(verifyDownload(a, download, signDownload(b, download), 0)).toBe('invalid');
      }),
    );
  });

  it('garbage signatures are refused, not thrown on', () => {
    fc.assert(fc.property(fc.string(), (signature) => expect(verifyDownload('secret', download, signature, 0)).toBe('invalid')));
  });
});
