import { FILE_KIND_CONTENT_TYPES, FILE_KIND_EXTENSIONS, FILE_KINDS, kindOfContentType } from './document-type.enum';
import { kindFromFileName } from './file-sniffing';

// One table says what each accepted kind is called: uploads, mail intake and sniffing all read it.
describe('accepted file kinds', () => {
  it.each([
    ['bill.pdf', 'pdf'],
    ['SCAN.PNG', 'png'],
    ['photo.jpg', 'jpeg'],
    ['photo.jpeg', 'jpeg'],
    ['fax.tif', 'tiff'],
    ['fax.TIFF', 'tiff'],
    ['forwarded.eml', 'eml'],
    ['notes.txt', null],
    ['x.constructor', null],
    ['no-extension', null],
  ])('%s claims %s by its name', (name, kind) => {
    expect(kindFromFileName(name)).toBe(kind);
  });

  it.each([
    ['application/pdf', 'pdf'],
    ['IMAGE/PNG', 'png'],
    ['image/jpeg', 'jpeg'],
    ['image/tiff', 'tiff'],
    ['message/rfc822', 'eml'],
    ['text/plain', null],
    ['image/gif', null],
  ])('content type %s is %s', (type, kind) => {
    expect(kindOfContentType(type)).toBe(kind);
  });

  it('gives every kind a content type and an extension that reads back as that kind', () => {
    for (const kind of FILE_KINDS) {
      expect(kindOfContentType(FILE_KIND_CONTENT_TYPES[kind])).toBe(kind);
      expect(kindFromFileName(`attachment-1.${FILE_KIND_EXTENSIONS[kind][0]!}`)).toBe(kind);
    }
  });
});
