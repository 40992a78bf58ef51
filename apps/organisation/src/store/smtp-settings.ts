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
}

export function findSmtpSettings(db: Db, organisationId: string) {
  return db.smtpSettings.findUnique({ where: { organisationId } });
}

/** Writes the settings; `passwordSealed` undefined keeps the saved one (null removes it). */
export function upsertSmtpSettings(db: Db, organisationId: string, settings: Omit<SmtpSettingsRow, 'passwordSealed'> & { passwordSealed?: string | null }) {
  return db.smtpSettings.upsert({
    where: { organisationId },
    create: { organisationId, ...settings, passwordSealed: settings.passwordSealed ?? null },
    update: settings,
  });
}
