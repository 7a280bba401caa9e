import { isOperator } from './operator-credentials';

const TOKEN = 'op-token-0123456789abcdef';
const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('isOperator', () => {
  it.each([
    ['a bearer token', `Bearer ${TOKEN}`, true],
    ['the bearer scheme in any case', `bearer ${TOKEN}`, true],
    ['basic credentials of the operator user', basic('operator', TOKEN), true],
    ['no header', undefined, false],
    ['another token', 'Bearer op-token-0123456789abcdeX', false],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, 10)}`, false],
    ['basic credentials of another user', basic('admin', TOKEN), false],
    ['basic credentials with a wrong password', basic('operator', 'nope'), false],
    ['an API key scheme', `Token ${TOKEN}`, false],
    ['garbage', 'Basic !!!', false],
  ])('%s → %s', (_case, header, expected) => {
    expect(isOperator(header, TOKEN)).toBe(expected);
  });
});
