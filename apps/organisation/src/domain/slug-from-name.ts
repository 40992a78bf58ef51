import { subdomainProblem } from './slug';

/**
 * A slug (also the subdomain) made from an organisation's name: accents folded, lower case, runs of
 * anything else as one hyphen, at most 50 characters; undefined when nothing usable is left.
 */
export function slugFromName(name: string): string | undefined {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return slug.length >= 2 && subdomainProblem(slug) === undefined ? slug : undefined;
}
