import { missingBrowserPrerequisites } from './browser-prerequisites';

describe('the one line the integration tests print when the browser tests cannot pass', () => {
  it.each<[string, (path: string) => boolean, string | null]>([
    ['nothing missing', () => true, null],
    ['no chromium', (path) => !path.includes('chromium'), 'chromium missing'],
    ['no fonts', (path) => !path.includes('dejavu'), 'the DejaVu fonts missing'],
    ['neither', () => false, 'chromium and the DejaVu fonts missing'],
  ])('%s', (_case, exists, says) => {
    const line = missingBrowserPrerequisites(exists);
    if (says === null) expect(line).toBeNull();
    else {
      expect(line).toContain(says);
      expect(line).toContain('apt-get install chromium fonts-dejavu-core');
      expect(line).not.toContain('\n');
    }
  });
});
