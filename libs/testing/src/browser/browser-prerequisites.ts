import { existsSync } from 'node:fs';

/** Debian's chromium (installed by .ci/run); nothing is downloaded at test time. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

/** The font the README's pictures were drawn with (Debian's fonts-dejavu-core). */
const DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

export const BROWSER_INSTALL_COMMAND = 'apt-get install chromium fonts-dejavu-core';

/** One line saying what the browser tests miss on this machine, or null when nothing. */
export function missingBrowserPrerequisites(exists: (path: string) => boolean = existsSync): string | null {
  const missing = [
    ...(CHROMIUM_CANDIDATES.some((path) => exists(path)) ? [] : ['chromium']),
    ...(exists(DEJAVU_SANS) ? [] : ['the DejaVu fonts']),
  ];
  if (missing.length === 0) return null;
  return `The browser tests (*-browser.integration-spec.ts) will fail: ${missing.join(' and ')} missing. Install: ${BROWSER_INSTALL_COMMAND}`;
}
