import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * The rules an outbound address can break, by name: the name is what a refusal reports (the 400's
 * message, the log), so an operator can tell which range refused it.
 */
export type AddressRule =
  'unspecified' | 'loopback' | 'private' | 'shared' | 'metadata' | 'link-local' | 'unique-local' | 'multicast' | 'broadcast' | 'reserved' | 'invalid';

/** One line of what each rule means, for messages and docs. */
export const RULE_DESCRIPTIONS: Record<AddressRule, string> = {
  unspecified: 'an unspecified address (0.0.0.0/8, ::)',
  loopback: 'a loopback address (127.0.0.0/8, ::1)',
  private: 'a private address (10/8, 172.16/12, 192.168/16)',
  shared: 'a carrier-grade NAT address (100.64/10)',
  metadata: 'a cloud metadata address (169.254.169.254 and the like)',
  'link-local': 'a link-local address (169.254/16, fe80::/10)',
  'unique-local': 'a unique-local IPv6 address (fc00::/7)',
  multicast: 'a multicast address (224/4, ff00::/8)',
  broadcast: 'the broadcast address (255.255.255.255)',
  reserved: 'a reserved or documentation address',
  invalid: 'not an IP address',
};

type Range = [address: string, prefix: number];

/** Checked in this order: the first rule whose ranges hold the address names the refusal. */
const V4_RULES: Array<[AddressRule, Range[]]> = [
  [
    'metadata',
    [
      ['169.254.169.254', 32],
      ['100.100.100.200', 32],
    ],
  ],
  ['unspecified', [['0.0.0.0', 8]]],
  ['loopback', [['127.0.0.0', 8]]],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
  ],
  ['shared', [['100.64.0.0', 10]]],
  ['link-local', [['169.254.0.0', 16]]],
  ['multicast', [['224.0.0.0', 4]]],
  ['broadcast', [['255.255.255.255', 32]]],
  [
    'reserved',
    [
      ['192.0.0.0', 24], // IETF protocol assignments
      ['192.0.2.0', 24], // documentation (TEST-NET-1)
      ['198.18.0.0', 15], // benchmarking
      ['198.51.100.0', 24], // documentation (TEST-NET-2)
      ['203.0.113.0', 24], // documentation (TEST-NET-3)
      ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
      ['240.0.0.0', 4], // future use
    ],
  ],
];

const V6_RULES: Array<[AddressRule, Range[]]> = [
  ['metadata', [['fd00:ec2::254', 128]]],
  ['unspecified', [['::', 128]]],
  ['loopback', [['::1', 128]]],
  ['unique-local', [['fc00::', 7]]],
  ['link-local', [['fe80::', 10]]],
  ['multicast', [['ff00::', 8]]],
  [
    'reserved',
    [
      ['fec0::', 10], // site-local (deprecated)
      ['100::', 64], // discard-only
      ['2001:db8::', 32], // documentation
      ['2001:10::', 28], // ORCHID
      ['2001:20::', 28], // ORCHIDv2
      ['3fff::', 20], // documentation (RFC 9637)
      ['5f00::', 16], // SRv6 SIDs
    ],
  ],
];

function blockList(family: 'ipv4' | 'ipv6', ranges: Range[]): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, family);
  return list;
}

const V4 = V4_RULES.map(([rule, ranges]) => [rule, blockList('ipv4', ranges)] as const);
const V6 = V6_RULES.map(([rule, ranges]) => [rule, blockList('ipv6', ranges)] as const);

/** IPv6 forms that carry an IPv4 address in their last 32 bits (or, for 6to4, in bits 16–47). */
const EMBEDDING: Array<[form: string, list: BlockList, at: 'low32' | '6to4']> = [
  ['IPv4-mapped', blockList('ipv6', [['::ffff:0:0', 96]]), 'low32'],
  ['IPv4-translated', blockList('ipv6', [['::ffff:0:0:0', 96]]), 'low32'],
  ['IPv4-compatible', blockList('ipv6', [['::', 96]]), 'low32'],
  [
    'NAT64',
    blockList('ipv6', [
      ['64:ff9b::', 96],
      ['64:ff9b:1::', 48],
    ]),
    'low32',
  ],
  ['6to4', blockList('ipv6', [['2002::', 16]]), '6to4'],
];

export interface AddressRefusal {
  rule: AddressRule;
  /** Set when an IPv6 address was refused for the IPv4 address it carries (`IPv4-mapped` …). */
  embeddedIn?: string;
}

/**
 * Why an address may not be connected to on a tenant's behalf, or undefined when it is a public
 * unicast address. IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are
 * judged by the IPv4 address they carry.
 */
export function refusedAddress(address: string): AddressRefusal | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return v4Refusal(bare);
  if (!isIPv6(bare)) return { rule: 'invalid' };
  for (const [rule, list] of V6) if (list.check(bare, 'ipv6')) return { rule };
  for (const [form, list, at] of EMBEDDING) {
    if (!list.check(bare, 'ipv6')) continue;
    const embedded = embeddedIPv4(bare, at);
    const refusal = v4Refusal(embedded);
    // An IPv4-compatible address that carries no refused IPv4 address is deprecated all the same.
    if (refusal) return { rule: refusal.rule, embeddedIn: form };
    if (form === 'IPv4-compatible' || form === 'IPv4-translated') return { rule: 'reserved', embeddedIn: form };
    return undefined;
  }
  return undefined;
}

function v4Refusal(address: string): AddressRefusal | undefined {
  for (const [rule, list] of V4) if (list.check(address, 'ipv4')) return { rule };
  return undefined;
}

/** The IPv4 address an IPv6 address carries (the caller checked the prefix). */
function embeddedIPv4(address: string, at: 'low32' | '6to4'): string {
  const groups = ipv6Groups(address);
  const [high = 0, low = 0] = at === 'low32' ? groups.slice(6, 8) : groups.slice(1, 3);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** 4 or 6 for an IP literal (brackets allowed), 0 for a name. */
export function ipFamily(host: string): 0 | 4 | 6 {
  return isIP(host.replace(/^\[(.*)\]$/, '$1')) as 0 | 4 | 6;
}
