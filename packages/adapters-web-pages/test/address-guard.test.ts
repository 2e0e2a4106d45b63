import { get, type Agent } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent } from 'request-filtering-agent';
import { AddressGuard, AddressRefused } from '../src/address-guard.js';
import { guardedAgents } from '../src/guarded-agents.js';
import { nonPublicReason } from '../src/public-address.js';
import { startPageServer, type PageServer } from '../test-support/page-server.js';

/** Every kind of address a draft must never reach, in the spelling a resolver would answer. */
const NON_PUBLIC = [
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '100.100.100.200',
  '224.0.0.1',
  '0.0.0.0',
  '0.1.2.3',
  '255.255.255.255',
  '192.0.0.170',
  '198.18.0.1',
  '240.0.0.1',
  '::1',
  '::',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::127.0.0.1',
  'fc00::1',
  'fd00:ec2::254',
  'fe80::1',
  'fec0::1',
  'ff02::1',
  '64:ff9b::7f00:1',
  '64:ff9b:1::a00:1',
  '2002:7f00:1::1',
  '2002:a00:1::1',
  '2001::1',
  '2001:db8::1',
  '100::1',
];

const PUBLIC = ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001::200e'];

/** Answers every name with `address`. */
function resolvingTo(address: string): LookupFunction {
  return (_hostname, options, callback) => {
    const family = isIP(address);
    process.nextTick(() =>
      options.all ? callback(null, [{ address, family }] as never, 0) : callback(null, address, family),
    );
  };
}

/** What happens when `agent` is asked to connect to `host`: the error it fails with. */
function connectError(agent: Agent, host: string, port: number, lookup?: LookupFunction): Promise<Error> {
  return new Promise((resolve, reject) => {
    const request = get({ host, port, path: '/secret', agent, lookup, timeout: 5000 }, (res) => {
      res.resume();
      reject(new Error(`connected to ${host} (${res.statusCode})`));
    });
    request.on('error', resolve);
    request.on('timeout', () => request.destroy(new Error('timed out')));
  });
}

describe('which addresses are public', () => {
  it.each(NON_PUBLIC)('%s is not', (address) => {
    expect(nonPublicReason(address)).toMatch(/^an? .+ address$/);
  });

  it.each(PUBLIC)('%s is', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it('names the kind of address', () => {
    expect(nonPublicReason('169.254.169.254')).toBe('a link-local address');
    expect(nonPublicReason('::ffff:8.8.8.8')).toBe('an IPv4-mapped address');
    expect(nonPublicReason('64:ff9b::808:808')).toBe('a NAT64 address');
    expect(nonPublicReason('recipes.example')).toBe('not an IP address');
  });
});

describe('the guard at connect time', () => {
  let inside: PageServer;
  beforeAll(async () => {
    inside = await startPageServer();
  });
  afterAll(() => inside.close());
  afterEach(() => {
    expect(inside.hits).toEqual([]);
  });

  // The fetcher refuses IP literals before it asks got; these go around that, to the agents themselves.
  it('our agent refuses an IP literal of this machine', async () => {
    const agent = guardedAgents(new AddressGuard()).http;
    const error = await connectError(agent, '127.0.0.1', inside.port);
    expect(error).toBeInstanceOf(AddressRefused);
    expect((error as AddressRefused).reason).toBe('it points to a loopback address');
  });

  it('our agent refuses a name whose resolved address is this machine', async () => {
    const agent = guardedAgents(new AddressGuard()).http;
    const error = await connectError(agent, 'recipes.example', inside.port, resolvingTo('127.0.0.1'));
    expect((error as AddressRefused).reason).toBe('recipes.example resolves to a loopback address');
  });

  it('our agent lets an allowed host:port through, and only that port', async () => {
    const agent = guardedAgents(new AddressGuard([`127.0.0.1:${inside.port + 1}`])).http;
    expect(await connectError(agent, '127.0.0.1', inside.port)).toBeInstanceOf(AddressRefused);
  });

  // request-filtering-agent is the second line: its own deny list (ipaddr.js ranges) must cover
  // every kind of address on its own, for literals and for resolved names alike.
  it.each(NON_PUBLIC)(
    'request-filtering-agent alone refuses %s as a literal and as a resolved name',
    async (address) => {
      const agent = new RequestFilteringHttpAgent();
      const literal = await connectError(agent, address, inside.port);
      expect(literal.message).toMatch(/is not allowed/);
      const resolved = await connectError(agent, 'recipes.example', inside.port, resolvingTo(address));
      expect(resolved.message).toMatch(/is not allowed/);
    },
  );
});
