import { AttemptDeadline } from './attempt-deadline';

describe('AttemptDeadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('aborts once at the deadline with a TimeoutError naming it, telling every listener', () => {
    const deadline = new AttemptDeadline(300);
    const heard: string[] = [];
    deadline.once('abort', () => heard.push('first'));
    deadline.on('abort', () => heard.push('second'));
    jest.advanceTimersByTime(299);
    expect(deadline.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(deadline.aborted).toBe(true);
    expect(deadline.reason).toMatchObject({ name: 'TimeoutError', message: 'no answer within 300 ms' });
    expect(heard).toEqual(['first', 'second']);
    jest.advanceTimersByTime(10_000);
    expect(heard).toEqual(['first', 'second']);
  });

  it('does not call a listener that was removed, nor any once cleared', () => {
    const removed = jest.fn();
    const kept = jest.fn();
    const deadline = new AttemptDeadline(100);
    deadline.once('abort', removed);
    deadline.once('abort', kept);
    deadline.removeListener('abort', removed);
    jest.advanceTimersByTime(100);
    expect(removed).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);

    const cleared = new AttemptDeadline(100);
    const listener = jest.fn();
    cleared.once('abort', listener);
    cleared.clear();
    jest.advanceTimersByTime(1_000);
    expect(cleared.aborted).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });
});
