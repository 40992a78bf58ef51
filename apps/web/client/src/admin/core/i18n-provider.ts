import type { I18nProvider, TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import i18next from 'i18next';

const NAMESPACES = ['admin', 'adminContent'];

/**
 * react-admin's strings: its own (`ra.*`, ra-language-english, with our overrides under `ra` in
 * admin.json), and the resources' names and fields (`resources.<name>.name`, `.fields.<field>`) from
 * the console's i18next namespaces (`admin`, `adminContent`), so every string stays in i18n/en/.
 */
function messages(): TranslationMessages {
  const ours = (i18next.getResourceBundle('en', 'admin') ?? {}) as { ra?: Record<string, unknown> };
  return deepMerge(englishMessages as unknown as Record<string, unknown>, { ra: ours.ra ?? {} }) as unknown as TranslationMessages;
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? deepMerge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

const polyglot = polyglotI18nProvider(() => messages(), 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate: (key: string, options: Record<string, unknown> = {}) => {
    if (!key.startsWith('ra.')) {
      // react-admin counts with polyglot's smart_count; i18next with count (name_one, name_other).
      const count = options['smart_count'];
      const ours = { ns: NAMESPACES, ...options, ...(typeof count === 'number' ? { count } : {}) };
      if (i18next.exists(key, ours)) return i18next.t(key, ours);
    }
    return polyglot.translate(key, options);
  },
};
