import { classifySmtpFailure } from '@platform/outbound';
import {
  connectedTest,
  failedTest,
  fromHeader,
  passwordChange,
  replyCode,
  resolveRequireTls,
  resolveSecure,
  sentTest,
  SMTP_HOST_PATTERN,
} from './smtp-settings';

const server = { host: 'mail.example.org', port: 587 };

describe('SMTP settings', () => {
  it('treats the password as write-only: absent keeps, empty clears, else sets', () => {
    expect(passwordChange(undefined)).toEqual({ kind: 'keep' });
    expect(passwordChange('')).toEqual({ kind: 'clear' });
    expect(passwordChange('s3cret')).toEqual({ kind: 'set', password: 's3cret' });
  });

  it('defaults secure to implicit TLS on port 465 only', () => {
    expect(resolveSecure(undefined, 465)).toBe(true);
    expect(resolveSecure(undefined, 587)).toBe(false);
    expect(resolveSecure(false, 465)).toBe(false);
    expect(resolveSecure(true, 25)).toBe(true);
  });

  it('builds the From header', () => {
    expect(fromHeader('Chess Club', 'club@example.org')).toEqual({ name: 'Chess Club', address: 'club@example.org' });
    expect(fromHeader('', 'club@example.org')).toBe('club@example.org');
  });

  it('accepts host names and IP addresses only', () => {
    for (const ok of ['smtp.example.org', 'localhost', '127.0.0.1', '::1', 'mail-1.example.co.uk']) expect(SMTP_HOST_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', 'smtp://x', 'a b', 'host:25', '-bad.example.org']) expect(SMTP_HOST_PATTERN.test(bad)).toBe(false);
  });

  it('requires TLS unless turned off; an update without the field keeps the saved choice', () => {
    expect(resolveRequireTls(undefined, undefined)).toBe(true);
    expect(resolveRequireTls(undefined, false)).toBe(false);
    expect(resolveRequireTls(true, false)).toBe(true);
    expect(resolveRequireTls(false, true)).toBe(false);
  });

  it('reports a failed test by class and SMTP code, never with the server’s reply text', () => {
    const auth = failedTest(classifySmtpFailure({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 secret internal banner' }), server);
    expect(auth).toEqual({
      success: false,
      outcome: 'AUTH_FAILED',
      smtpCode: 535,
      message: 'AUTH_FAILED at mail.example.org:587 (SMTP 535): the server refused the login',
    });
    expect(failedTest(classifySmtpFailure({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' }), server)).toEqual({
      success: false,
      outcome: 'REFUSED',
      smtpCode: 0,
      message: 'REFUSED at mail.example.org:587: connection refused',
    });
    const rcpt = failedTest(classifySmtpFailure({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', response: '550 no such user here' }), server);
    expect(rcpt.message).toBe('REFUSED at mail.example.org:587 (SMTP 550): the server refused the recipient');
    expect(failedTest(classifySmtpFailure({ code: 'ETIMEDOUT' }), server).outcome).toBe('TIMED_OUT');
    expect(failedTest(classifySmtpFailure({ code: 'ETLS', responseCode: 502 }), server)).toMatchObject({ outcome: 'TLS_FAILED', smtpCode: 502 });
  });

  it('reports success with the TLS state, the login and the accepting reply code', () => {
    expect(connectedTest({ ...server, username: 'club', secure: false, requireTls: true })).toEqual({
      success: true,
      outcome: 'CONNECTED',
      smtpCode: 0,
      message: 'Connected to mail.example.org:587 with TLS and logged in as club',
    });
    expect(connectedTest({ ...server, username: '', secure: false, requireTls: false }).message).toBe('Connected to mail.example.org:587 (TLS not required)');
    expect(sentTest('ann@example.org', replyCode('250 2.0.0 Ok: queued as ABC'))).toEqual({
      success: true,
      outcome: 'CONNECTED',
      smtpCode: 250,
      message: 'The test email to ann@example.org was accepted (SMTP 250)',
    });
    expect(replyCode('garbage')).toBe(0);
  });
});
