import fc from 'fast-check';
import { blockedAddressReason, parseAllowList } from './address-policy';
import { STRICT_WEBHOOK_URL_POLICY, assertSafeWebhookUrl, checkWebhookUrlSyntax } from './assert-safe-webhook-url';
import type { HostResolver } from './resolve-host';
import { UnsafeWebhookUrlError } from './unsafe-webhook-url.error';

const dns: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'v6-internal.example.com': ['fd12:3456::1'],
  'mapped.example.com': ['::ffff:192.168.1.1'],
};
const resolver: HostResolver = async (host) => {
  const found = dns[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

async function refusal(url: string, policy = STRICT_WEBHOOK_URL_POLICY): Promise<string | null> {
  try {
    await assertSafeWebhookUrl(url, policy, resolver);
    return null;
  } catch (error) {
    if (error instanceof UnsafeWebhookUrlError) return error.reason;
    throw error;
  }
}

describe('assertSafeWebhookUrl refuses what could reach inside the network', () => {
  it.each([
    ['http://hooks.example.com/in', /scheme must be https/],
    ['ftp://hooks.example.com/in', /scheme must be https/],
    ['not a url', /not a valid absolute URL/],
    ['https://user:pw@hooks.example.com/', /credentials/],
    // IPv4 in every spelling the URL parser accepts
    ['https://127.0.0.1/', /loopback/],
    ['https://127.1.2.3:8443/', /loopback/],
    ['https://2130706433/', /loopback/],
    ['https://0177.0.0.1/', /loopback/],
    ['https://0x7f.0x0.0x0.0x1/', /loopback/],
    ['https://0x7f000001/', /loopback/],
    ['https://10.1.2.3/', /private/],
    ['https://172.16.0.1/', /private/],
    ['https://172.31.255.255/', /private/],
    ['https://192.168.0.10/', /private/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://100.64.0.1/', /shared \(CGNAT\)/],
    ['https://100.127.255.254/', /shared \(CGNAT\)/],
    ['https://0.0.0.0/', /unspecified/],
    ['https://224.0.0.1/', /multicast/],
    ['https://239.255.255.250/', /multicast/],
    ['https://255.255.255.255/', /reserved or broadcast/],
    ['https://240.0.0.1/', /reserved or broadcast/],
    ['https://198.18.0.1/', /benchmarking/],
    ['https://192.0.2.1/', /documentation/],
    ['https://192.0.0.8/', /protocol assignments/],
    // IPv6 and the forms that carry IPv4 inside
    ['https://[::1]/', /loopback/],
    ['https://[::]/', /unspecified/],
    ['https://[fc00::1]/', /unique local/],
    ['https://[fd00:ec2::254]/', /unique local/],
    ['https://[fe80::1]/', /link-local/],
    ['https://[ff02::1]/', /multicast/],
    ['https://[::ffff:10.0.0.1]/', /IPv4-mapped form of 10\.0\.0\.1, a private/],
    ['https://[::ffff:7f00:1]/', /IPv4-mapped form of 127\.0\.0\.1, a loopback/],
    ['https://[::ffff:169.254.169.254]/', /link-local/],
    ['https://[64:ff9b::10.0.0.1]/', /NAT64 form of 10\.0\.0\.1, a private/],
    ['https://[64:ff9b::a9fe:a9fe]/', /NAT64 form of 169\.254\.169\.254, a link-local/],
    ['https://[64:ff9b:1::1]/', /local-use NAT64/],
    ['https://[2002:c0a8:0101::1]/', /6to4 form of 192\.168\.1\.1, a private/],
    ['https://[2001:db8::1]/', /documentation/],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', /Teredo/],
    ['https://[::127.0.0.1]/', /IPv4-compatible/],
    ['https://[100::1]/', /discard-only/],
    ['https://[4000::1]/', /not a global unicast/],
    // names that resolve inside
    ['https://localhost/', /does not resolve|loopback/],
    ['https://metadata.example.com/', /resolves to 169\.254\.169\.254 is a link-local/],
    ['https://rebind.example.com/', /resolves to 10\.0\.0\.7 is a private/],
    ['https://v6-internal.example.com/', /unique local/],
    ['https://mapped.example.com/', /IPv4-mapped form of 192\.168\.1\.1/],
    ['https://nowhere.example.com/', /does not resolve/],
  ])('%s', async (url, reason) => {
    expect(await refusal(url)).toMatch(reason);
  });

  it.each([
    'https://hooks.example.com/in',
    'https://hooks.example.com:8443/in?x=1',
    'https://93.184.216.34/hook',
    'https://[2606:2800:220:1:248:1893:25c8:1946]/hook',
    'https://[::ffff:93.184.216.34]/hook',
    'https://[64:ff9b::5db8:d822]/hook',
  ])('accepts the public %s', async (url) => {
    expect(await refusal(url)).toBeNull();
  });

  it('lets the configured allow list and http through for local development, and nothing else', async () => {
    const local = { allowHttp: true, allow: parseAllowList('127.0.0.1, [::1], receiver.test') };
    expect(await refusal('http://127.0.0.1:4000/hook', local)).toBeNull();
    expect(await refusal('http://[::1]:4000/hook', local)).toBeNull();
    expect(await refusal('http://receiver.test/hook', local)).toBeNull();
    expect(await refusal('http://127.0.0.2/hook', local)).toMatch(/loopback/);
    expect(await refusal('http://10.0.0.1/hook', local)).toMatch(/private/);
    expect(await refusal('http://127.0.0.1:4000/hook', { ...local, allowHttp: false })).toMatch(/https/);
  });

  it('checks syntax and IP literals without DNS', () => {
    expect(checkWebhookUrlSyntax('https://hooks.example.com/x', STRICT_WEBHOOK_URL_POLICY).hostname).toBe('hooks.example.com');
    expect(() => checkWebhookUrlSyntax('https://2130706433/', STRICT_WEBHOOK_URL_POLICY)).toThrow(UnsafeWebhookUrlError);
  });
});

describe('blockedAddressReason', () => {
  it('refuses every address of the private IPv4 ranges, in plain and IPv4-mapped form', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.constantFrom('10', '127', '192.168', '172.20', '169.254', '100.100'), octet, octet, octet, (prefix, a, b, c) => {
        const address = [...prefix.split('.'), a, b, c].slice(0, 4).join('.');
        expect(blockedAddressReason(address)).not.toBeNull();
        expect(blockedAddressReason(`::ffff:${address}`)).not.toBeNull();
      }),
    );
  });

  it('refuses what is not an address at all', () => {
    expect(blockedAddressReason('example.com')).toMatch(/not an IP address/);
  });
});
