/** A built-in template as notifications lists it (ListDefaultEmailTemplates). */
export interface DefaultTemplate {
  type: string;
  subject: string;
  body: string;
  placeholders: readonly string[];
  flags: readonly string[];
}

/** What an organisation stored for a type: null subject and body mean "the built-in default". */
export interface StoredTemplate {
  subject: string | null;
  body: string | null;
}

export interface EffectiveTemplate {
  subject: string;
  body: string;
  customized: boolean;
}

/** Template types are upper-case words joined by `_` (WELCOME, PASSWORD_RESET, ...). */
export const TEMPLATE_TYPE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

/** Upper-cases and trims a type from a path, so `welcome` and `WELCOME` name the same template. */
export function normaliseTemplateType(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether a stored row is customised: it holds both a subject and a body. */
export function isCustomised(stored: StoredTemplate | undefined): stored is { subject: string; body: string } {
  return stored !== undefined && stored.subject !== null && stored.body !== null;
}

/** The template an organisation shows for a type: its own when customised, else the default. */
export function effectiveTemplate(stored: StoredTemplate | undefined, fallback: DefaultTemplate): EffectiveTemplate {
  if (isCustomised(stored)) return { subject: stored.subject, body: stored.body, customized: true };
  return { subject: fallback.subject, body: fallback.body, customized: false };
}

/** What GetEmailDelivery answers for a type: the organisation's own template, or none (use the default). */
export function deliveryTemplate(stored: StoredTemplate | undefined): { subject: string; body: string } | undefined {
  return isCustomised(stored) ? { subject: stored.subject, body: stored.body } : undefined;
}

/** The sample values a preview uses besides notifications' own: the real organisation's name and slug. */
export function previewValues(org: { name: string; slug: string }): Record<string, string> {
  return { 'org.name': org.name, 'org.slug': org.slug };
}
