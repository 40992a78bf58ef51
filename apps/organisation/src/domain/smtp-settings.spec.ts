import { describeSmtpFailure, fromHeader, passwordChange, resolveSecure, SMTP_HOST_PATTERN } from './smtp-settings';

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

  it('describes failures with the server and its reply', () => {
    expect(describeSmtpFailure({ code: 'ECONNREFUSED' }, server)).toBe('Could not connect to mail.example.org:587: connection refused');
    expect(describeSmtpFailure({ code: 'EAUTH', response: '535 5.7.8 Authentication failed' }, server)).toBe(
      'The server at mail.example.org:587 refused the login: 535 5.7.8 Authentication failed',
    );
    expect(describeSmtpFailure({ code: 'EENVELOPE', response: '550 no such user', responseCode: 550 }, server)).toContain(
      'refused the sender or recipient: 550 no such user',
    );
    expect(describeSmtpFailure({ code: 'ETIMEDOUT' }, server)).toContain('did not answer in time');
    expect(describeSmtpFailure({ responseCode: 421, command: 'CONN', response: '421 busy' }, server)).toBe(
      'The server at mail.example.org:587 answered CONN with an error: 421 busy',
    );
    expect(describeSmtpFailure({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' }, server)).toBe(
      'Could not connect to mail.example.org:587: connection refused',
    );
    expect(describeSmtpFailure({ code: 'ECONNECTION', message: 'Connection closed unexpectedly' }, server)).toBe(
      'SMTP at mail.example.org:587 failed: Connection closed unexpectedly',
    );
    expect(describeSmtpFailure({ message: 'boom' }, server)).toBe('SMTP at mail.example.org:587 failed: boom');
  });
});
