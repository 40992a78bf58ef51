import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import strings from '../../../i18n/en/admin-content.json';
import { EVENT_STATUSES, EVENT_TYPES, QUESTION_TYPES, REGISTRATION_STATUSES } from '../../events/event-body';
import { ARTICLE_STATUSES } from '../../news/article-body';
import { ACCESS_LEVELS } from '../../documents/upload-progress';
import { ROLES, TARGET_TYPES } from '../../communication/notification-form';
import { CHECK_NAMES, ENTITY_TYPES, LOG_ACTIONS, WIZARD_STEPS } from '../../migration/wizard';

const AREAS = ['events', 'news', 'documents', 'communication', 'settings', 'migration'];
const admin = path.resolve(__dirname, '../..');

function has(key: string): boolean {
  let node: unknown = strings;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return false;
    const obj = node as Record<string, unknown>;
    node = obj[part] ?? obj[`${part}_other`];
  }
  return typeof node === 'string';
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.tsx') ? [readFileSync(path.join(dir, e.name), 'utf8')] : [],
  );
}

describe('the content areas’ strings (adminContent)', () => {
  it('has every key the screens ask for', () => {
    const missing: string[] = [];
    for (const area of AREAS) {
      for (const source of sources(path.join(admin, area))) {
        if (!source.includes("useTranslation('adminContent')")) continue;
        for (const match of source.matchAll(/\bt\('([a-zA-Z0-9_.]+)'/g)) if (!has(match[1]!)) missing.push(`${area}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every value of the enumerations shown through a key', () => {
    const keys = [
      ...EVENT_STATUSES.map((v) => `events.status.${v}`),
      ...EVENT_TYPES.map((v) => `events.type.${v}`),
      ...QUESTION_TYPES.map((v) => `events.questionType.${v}`),
      ...REGISTRATION_STATUSES.map((v) => `events.registrationStatus.${v}`),
      ...ARTICLE_STATUSES.map((v) => `news.status.${v}`),
      ...['draft', 'scheduled', 'visible', 'archived'].map((v) => `news.visibility.${v}`),
      ...['publish', 'archive', 'unarchive'].map((v) => `news.done.${v}`),
      ...ACCESS_LEVELS.map((v) => `documents.access.${v}`),
      ...ROLES.map((v) => `communication.roles.${v}`),
      ...TARGET_TYPES.map((v) => `communication.send.target.${v}`),
      ...['required', 'tooLong', 'userId'].map((v) => `communication.errors.${v}`),
      ...ENTITY_TYPES.map((v) => `migration.entities.${v}`),
      ...LOG_ACTIONS.map((v) => `migration.actions.${v}`),
      ...CHECK_NAMES.map((v) => `migration.checks.names.${v}`),
      ...WIZARD_STEPS.map((v) => `migration.wizard.steps.${v}`),
      ...['required', 'url', 'oneType', 'interval', 'timezone'].map((v) => `migration.errors.${v}`),
      ...['profile', 'branding', 'legal', 'directory'].map((v) => `settings.tabs.${v}`),
      ...['entityType', 'fetched', 'created', 'updated', 'skipped', 'conflicts', 'failed'].map((v) => `migration.stats.${v}`),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
});
