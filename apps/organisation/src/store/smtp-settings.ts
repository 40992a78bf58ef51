import type { Db } from './db';

export interface SmtpSettingsRow {
  host: string;
  port: number;
  username: string;
  /** SecretBox-sealed; null: no password. */
  passwordSealed: string | null;
  fromAddress: string;
  fromName: string;
  secure: boolean;
  /** False only when an admin turned TLS off (audited). */
  requireTls: boolean;
}

export function findSmtpSettings(db: Db, organizationId: string) {
  return db.smtpSettings.findUnique({ where: { organizationId } });
}

/** Writes the settings; `passwordSealed` undefined keeps the saved one (null removes it). */
export function upsertSmtpSettings(db: Db, organizationId: string, settings: Omit<SmtpSettingsRow, 'passwordSealed'> & { passwordSealed?: string | null }) {
  return db.smtpSettings.upsert({
    where: { organizationId },
    create: { organizationId, ...settings, passwordSealed: settings.passwordSealed ?? null },
    update: settings,
  });
}
