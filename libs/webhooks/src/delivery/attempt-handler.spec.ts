import type { Dispatcher } from 'undici';
import { AttemptHandler } from './attempt-handler';
import type { AttemptAnswer } from './attempt-handler';

function controller(): Dispatcher.DispatchController & { abort: jest.Mock<void, [Error]> } {
  return { aborted: false, paused: false, reason: null, abort: jest.fn(), pause: jest.fn(), resume: jest.fn() };
}

describe('AttemptHandler', () => {
  let answers: AttemptAnswer[];
  const handler = (timeoutMs = 300, readLimit = 8, keepBytes = 4): AttemptHandler =>
    new AttemptHandler((answer) => answers.push(answer), timeoutMs, readLimit, keepBytes);

  beforeEach(() => {
    answers = [];
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('answers once with the status, the flattened headers and the body, past any 1xx', () => {
    const attempt = handler(300, 64, 64);
    const started = controller();
    attempt.onRequestStart(started);
    attempt.onResponseStart(started, 100, {});
    attempt.onResponseStart(started, 200, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'], absent: undefined });
    attempt.onResponseData(started, Buffer.from('o'));
    attempt.onResponseData(started, Buffer.from('k'));
    attempt.onResponseEnd();
    attempt.onResponseError(started, new Error('late'));
    jest.advanceTimersByTime(10_000);
    expect(answers).toEqual([
      { status: 200, headers: { 'content-type': 'text/plain', 'set-cookie': 'a=1, b=2' }, body: 'ok', error: null },
    ]);
    expect(started.abort).not.toHaveBeenCalled();
  });

  it('keeps keepBytes of the body, and stops reading at readLimit by aborting the request', () => {
    const attempt = handler(300, 8, 4);
    const started = controller();
    attempt.onRequestStart(started);
    attempt.onResponseStart(started, 500, {});
    attempt.onResponseData(started, Buffer.from('abcde'));
    expect(answers).toEqual([]);
    attempt.onResponseData(started, Buffer.from('fghij'));
    expect(answers).toEqual([{ status: 500, headers: {}, body: 'abcd', error: null }]);
    expect(started.abort).toHaveBeenCalledTimes(1);
    attempt.onResponseError(started, new Error('aborted'));
    expect(answers).toHaveLength(1);
  });

  it('aborts at the deadline with a TimeoutError naming it, and answers with that error', () => {
    const attempt = handler(300);
    const started = controller();
    attempt.onRequestStart(started);
    jest.advanceTimersByTime(299);
    expect(started.abort).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    const [[reason]] = started.abort.mock.calls as [[Error]];
    expect(reason).toMatchObject({ name: 'TimeoutError', message: 'no answer within 300 ms' });
    attempt.onResponseError(started, new Error('aborted by undici'));
    expect(answers).toEqual([{ status: null, headers: null, body: null, error: reason }]);
  });

  it('aborts a request still waiting for its connection as soon as undici starts it', () => {
    const attempt = handler(300);
    jest.advanceTimersByTime(300);
    const started = controller();
    attempt.onRequestStart(started);
    expect(started.abort).toHaveBeenCalledWith(expect.objectContaining({ name: 'TimeoutError' }));
  });

  it('answers a connection error as it came, and clears its deadline', () => {
    const attempt = handler(300);
    const refused = new Error('connect ECONNREFUSED');
    attempt.onResponseError(undefined, refused);
    jest.advanceTimersByTime(1_000);
    expect(answers).toEqual([{ status: null, headers: null, body: null, error: refused }]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
