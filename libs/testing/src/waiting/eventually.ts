/** How long `eventually` keeps asking: generous, so a loaded machine only makes a test slower, never red. */
const DEFAULT_TIMEOUT_MS = 20_000;
const INTERVAL_MS = 25;

/**
 * Asks until `done` holds of the answer, then returns that answer: for what another process,
 * Redis or a notification brings a moment later, where no event says when. Fails after
 * `timeoutMs` naming `what` and the last answer, so a red test says what never happened.
 */
export async function eventually<T>(
  ask: () => T | Promise<T>,
  done: (answer: T) => boolean,
  what: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() >= deadline) throw new Error(`still not after ${timeoutMs} ms: ${what} (last answer: ${describe(answer)})`);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}

function describe(answer: unknown): string {
  try {
    return JSON.stringify(answer)?.slice(0, 200) ?? String(answer);
  } catch {
    return String(answer);
  }
}
