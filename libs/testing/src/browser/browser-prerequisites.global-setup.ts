import { missingBrowserPrerequisites } from './browser-prerequisites';

/** Jest's globalSetup of the integration tests: says in one line, before any test runs, when the browser tests cannot pass here. */
export default function checkBrowserPrerequisites(): void {
  const missing = missingBrowserPrerequisites();
  if (missing !== null) process.stdout.write(`\n${missing}\n\n`);
}
