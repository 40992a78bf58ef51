import { refusedAddress } from './address-rules';

describe('refusedAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['169.254.0.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
  ])('refuses IPv4 %s (%s)', (address, rule) => {
    expect(refusedAddress(address)).toEqual({ rule });
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['[::1]', 'loopback'],
  ])('refuses IPv6 %s (%s)', (address, rule) => {
    expect(refusedAddress(address)).toEqual({ rule });
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback', 'IPv4-mapped'],
    ['::ffff:7f00:1', 'loopback', 'IPv4-mapped'],
    ['0:0:0:0:0:ffff:a00:1', 'private', 'IPv4-mapped'],
    ['::ffff:169.254.169.254', 'metadata', 'IPv4-mapped'],
    ['::ffff:192.168.0.1', 'private', 'IPv4-mapped'],
    ['::ffff:100.64.1.1', 'shared', 'IPv4-mapped'],
    ['::ffff:0:10.0.0.1', 'private', 'IPv4-translated'],
    ['::127.0.0.1', 'loopback', 'IPv4-compatible'],
    ['::a9fe:a9fe', 'metadata', 'IPv4-compatible'],
    ['::8.8.8.8', 'reserved', 'IPv4-compatible'],
    ['64:ff9b::127.0.0.1', 'loopback', 'NAT64'],
    ['64:ff9b::a9fe:a9fe', 'metadata', 'NAT64'],
    ['2002:7f00:1::', 'loopback', '6to4'],
    ['2002:c0a8:101::1', 'private', '6to4'],
  ])('judges %s by the IPv4 address it carries (%s, %s)', (address, rule, embeddedIn) => {
    expect(refusedAddress(address)).toEqual({ rule, embeddedIn });
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.1.1',
    '2a00:1450:4001:80b::200e',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets public %s through', (address) => {
    expect(refusedAddress(address)).toBeUndefined();
  });

  it.each(['example.org', '2130706433', '0x7f.1', '127.1', ''])('calls %j no address at all (names are resolved first)', (address) => {
    expect(refusedAddress(address)).toEqual({ rule: 'invalid' });
  });
});
