import { DestinationRefused, DestinationUnresolved } from '@platform/outbound';
import { afterFailure, classifySmtpFailure, describeSmtpFailure, retryDelayMs } from './send-outcome';

describe('SMTP failures', () => {
  it('retries 4xx replies and connection trouble', () => {
    expect(classifySmtpFailure({ code: 'EMESSAGE', responseCode: 451, command: 'DATA' })).toBe('retry');
    expect(classifySmtpFailure({ code: 'EENVELOPE', responseCode: 450, command: 'RCPT TO' })).toBe('retry');
    for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED']) expect(classifySmtpFailure({ code })).toBe('retry');
  });

  it('calls a permanent refusal of the recipient a bounce, and other permanent refusals failures', () => {
    expect(classifySmtpFailure({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' })).toBe('bounced');
    expect(classifySmtpFailure({ code: 'EMESSAGE', responseCode: 554, command: 'DATA' })).toBe('failed');
    expect(classifySmtpFailure({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' })).toBe('failed');
    expect(classifySmtpFailure({ code: 'EAUTH' })).toBe('failed');
  });

  it('describes a failure by class and SMTP code, never by the server’s reply text', () => {
    expect(
      describeSmtpFailure({
        code: 'EENVELOPE',
        responseCode: 550,
        command: 'RCPT TO',
        response: '550 5.1.1 No such user here',
        message: 'Recipient command failed',
      }),
    ).toBe('REFUSED (SMTP 550): the server refused the recipient');
    expect(describeSmtpFailure({ code: 'ECONNECTION', message: 'Connection closed\nunexpectedly' })).toBe('REFUSED: the connection was closed unexpectedly');
    expect(describeSmtpFailure({ code: 'EAUTH', responseCode: 535, response: '535 internal-relay.corp says no' })).toBe(
      'AUTH_FAILED (SMTP 535): the server refused the login',
    );
  });

  it('fails at once for a refused destination or missing TLS, and retries an unresolved name', () => {
    expect(classifySmtpFailure(new DestinationRefused('loopback', 'host', 'refused'))).toBe('failed');
    expect(describeSmtpFailure(new DestinationRefused('metadata', 'host', 'refused'))).toBe('REFUSED: the destination is refused (rule: metadata)');
    expect(classifySmtpFailure(new DestinationUnresolved('mail.example.org', 'ENOTFOUND'))).toBe('retry');
    expect(classifySmtpFailure({ code: 'ETLS', responseCode: 502, command: 'STARTTLS' })).toBe('failed');
  });

  it('backs off exponentially with jitter up to the maximum, then gives up', () => {
    const policy = { maxAttempts: 4, baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(policy, n, () => 0.5))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(retryDelayMs(policy, 1, () => 0)).toBe(800);
    expect(retryDelayMs(policy, 1, () => 1)).toBe(1200);
    expect(afterFailure('retry', 3, policy)).toEqual({ retryInMs: expect.any(Number) });
    expect(afterFailure('retry', 4, policy)).toEqual({ final: 'FAILED' });
    expect(afterFailure('bounced', 1, policy)).toEqual({ final: 'BOUNCED' });
    expect(afterFailure('failed', 1, policy)).toEqual({ final: 'FAILED' });
  });
});
