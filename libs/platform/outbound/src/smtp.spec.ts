import { DestinationRefused, DestinationUnresolved, type CheckedDestination } from './destination-guard';
import { classifySmtpFailure, describeSmtpFailure, smtpConnectionOptions } from './smtp';

const checked: CheckedDestination = {
  host: 'smtp.example.org',
  port: 587,
  address: '93.184.215.14',
  family: 4,
  servername: 'smtp.example.org',
  allowedBy: 'public',
};

describe('smtpConnectionOptions', () => {
  it('connects to the checked address, verifies TLS against the given name and requires STARTTLS', () => {
    expect(smtpConnectionOptions(checked, { secure: false, requireTls: true })).toEqual({
      host: '93.184.215.14',
      port: 587,
      secure: false,
      requireTLS: true,
      servername: 'smtp.example.org',
      tls: { servername: 'smtp.example.org', minVersion: 'TLSv1.2' },
    });
  });

  it('needs no STARTTLS over implicit TLS, and none when the admin turned TLS off', () => {
    expect(smtpConnectionOptions({ ...checked, port: 465 }, { secure: true, requireTls: true })).toMatchObject({ secure: true, requireTLS: false });
    expect(smtpConnectionOptions(checked, { secure: false, requireTls: false })).toMatchObject({ secure: false, requireTLS: false });
  });

  it('sets no servername for an IP address the tenant gave', () => {
    const options = smtpConnectionOptions({ ...checked, host: '93.184.215.14', servername: undefined }, { secure: false, requireTls: true });
    expect(options).not.toHaveProperty('servername');
    expect(options.tls).toEqual({ minVersion: 'TLSv1.2' });
  });
});

describe('classifySmtpFailure', () => {
  const secret = 'redis_version:7.2.4 internal-host.cluster.local';

  it.each([
    [{ code: 'EAUTH', responseCode: 535, response: `535 ${secret}`, command: 'AUTH PLAIN' }, 'AUTH_FAILED', 535],
    [{ code: 'ENOAUTH' }, 'AUTH_FAILED', 0],
    [{ code: 'ETLS', responseCode: 502, response: `502 ${secret}`, command: 'STARTTLS' }, 'TLS_FAILED', 502],
    [{ code: 'ESOCKET', message: 'C0A8:error:0A00010B:SSL routines:ssl3_get_record:wrong version number' }, 'TLS_FAILED', 0],
    [{ code: 'ESOCKET', message: "Hostname/IP does not match certificate's altnames" }, 'TLS_FAILED', 0],
    [{ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' }, 'REFUSED', 0],
    [{ code: 'ESOCKET', message: 'read ECONNRESET' }, 'REFUSED', 0],
    [{ code: 'ETIMEDOUT', message: 'Greeting never received' }, 'TIMED_OUT', 0],
    [{ code: 'ECONNECTION', message: `Connection closed unexpectedly: ${secret}` }, 'REFUSED', 0],
    [{ code: 'EENVELOPE', responseCode: 550, response: `550 ${secret}`, command: 'RCPT TO' }, 'REFUSED', 550],
    [{ code: 'EMESSAGE', responseCode: 554, response: `554 ${secret}`, command: 'DATA' }, 'REFUSED', 554],
    [{ code: 'EPROTOCOL', responseCode: 421, response: `421 ${secret}`, command: 'CONN' }, 'REFUSED', 421],
    [{ code: 'EPROTOCOL', message: `Invalid greeting. response=${secret}` }, 'REFUSED', 0],
  ])('classifies %j as %s (SMTP %i) without the server’s text', (err, outcome, smtpCode) => {
    const failure = classifySmtpFailure(Object.assign(new Error((err as { message?: string }).message ?? 'x'), err));
    expect(failure).toMatchObject({ outcome, smtpCode });
    expect(describeSmtpFailure(failure)).not.toContain('redis_version');
    expect(describeSmtpFailure(failure)).not.toContain('cluster.local');
    expect(describeSmtpFailure(failure)).toMatch(new RegExp(`^${outcome}${smtpCode ? ` \\(SMTP ${smtpCode}\\)` : ''}: `));
  });

  it('classifies the guard’s own answers', () => {
    expect(classifySmtpFailure(new DestinationUnresolved('x.example', 'ENOTFOUND'))).toMatchObject({
      outcome: 'REFUSED',
      reason: 'the host name does not resolve',
    });
    expect(classifySmtpFailure(new DestinationUnresolved('x.example', 'ETIMEOUT'))).toMatchObject({ outcome: 'TIMED_OUT' });
    expect(classifySmtpFailure(new DestinationRefused('loopback', 'host', 'refused'))).toMatchObject({
      outcome: 'REFUSED',
      reason: 'the destination is refused (rule: loopback)',
    });
  });
});
