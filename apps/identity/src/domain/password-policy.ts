import { PlatformError, type FieldViolation } from '@platform/errors';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The platform's password rules, in one place: at least 8 characters, at most 128 (bcrypt reads
 * only 72 bytes), and not the account's email address.
 */
export function passwordViolations(password: string, email: string, field = 'password'): FieldViolation[] {
  const out: FieldViolation[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    out.push({ field, message: `must be at least ${PASSWORD_MIN_LENGTH} characters long` });
  } else if (password.length > PASSWORD_MAX_LENGTH) {
    out.push({ field, message: `must be at most ${PASSWORD_MAX_LENGTH} characters long` });
  }
  const lowered = password.trim().toLowerCase();
  const mail = email.trim().toLowerCase();
  if (mail && (lowered === mail || lowered === mail.split('@')[0])) {
    out.push({ field, message: 'must not be your email address' });
  }
  return out;
}

/** Refuses a new password that breaks the password rules, as a validation error of `field`. */
export function assertPasswordRules(password: string, email: string, field = 'password'): void {
  const violations = passwordViolations(password, email, field);
  const [first] = violations;
  if (first) throw PlatformError.validation(violations, `Invalid ${field}: ${first.message}`);
}
