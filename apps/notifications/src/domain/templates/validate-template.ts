import type { FieldViolation } from '@platform/errors';
import { sanitiseEmailHtml } from '@platform/html';
import { checkHtml } from './html-check';
import { namesUsed, parseTemplate, type TemplateNode, type TemplateProblem } from './parse-template';
import { VOCABULARY, type TemplateType } from './template-types';

export const MAX_SUBJECT_LENGTH = 250;
export const MAX_BODY_LENGTH = 100_000;

export interface CompiledTemplate {
  type: TemplateType;
  subject: TemplateNode[];
  body: TemplateNode[];
}

export type CompileResult = { ok: true; template: CompiledTemplate } | { ok: false; violations: FieldViolation[] };

const describe = (field: 'subject' | 'body', problems: TemplateProblem[]): FieldViolation[] =>
  problems.map((p) => ({ field, message: `line ${p.line}: ${p.message}` }));

function vocabularyProblems(type: TemplateType, nodes: TemplateNode[]): TemplateProblem[] {
  const { placeholders, flags } = VOCABULARY[type];
  const used = namesUsed(nodes);
  const problems: TemplateProblem[] = [];
  for (const [name, line] of used.values) {
    if (!placeholders.includes(name)) problems.push({ line, message: `unknown placeholder {{${name}}} for ${type}; known: ${placeholders.join(', ')}` });
  }
  for (const [name, line] of used.flags) {
    if (!flags.includes(name)) {
      problems.push({ line, message: `unknown flag {{#${name}}} for ${type}; known: ${flags.length > 0 ? flags.join(', ') : 'none'}` });
    }
  }
  return problems;
}

/**
 * Checks a template of a type and compiles it. The rules (docs/notifications.md, "Template rules"):
 * the subject is one line of at most 250 characters; the body is HTML of at most 100,000 characters
 * whose elements are closed in order, kept as the EMAIL allow-list of @platform/html sanitises it
 * (scripts, forms, embeds, event handlers, `<style>` and styles that load anything removed); both parse (every `{{` closed, sections balanced) and name
 * only the placeholders and flags of their type. Every problem is reported, per field.
 */
export function compileTemplate(type: TemplateType, subject: string, body: string): CompileResult {
  const violations: FieldViolation[] = [];
  if (subject.trim() === '') violations.push({ field: 'subject', message: 'is required' });
  if (subject.length > MAX_SUBJECT_LENGTH) violations.push({ field: 'subject', message: `must be at most ${MAX_SUBJECT_LENGTH} characters` });
  if (/[\r\n]/.test(subject)) violations.push({ field: 'subject', message: 'must be one line' });
  if (body.trim() === '') violations.push({ field: 'body', message: 'is required' });
  if (body.length > MAX_BODY_LENGTH) violations.push({ field: 'body', message: `must be at most ${MAX_BODY_LENGTH} characters` });
  if (violations.length > 0) return { ok: false, violations };

  // The author's HTML must be well formed (checked as written, for line numbers); what is kept, sent
  // and previewed is its sanitised form under the EMAIL allow-list (active content never survives).
  const parsedSubject = parseTemplate(subject);
  const parsedBody = parseTemplate(sanitiseEmailHtml(body));
  if (parsedSubject.ok) violations.push(...describe('subject', vocabularyProblems(type, parsedSubject.nodes)));
  else violations.push(...describe('subject', parsedSubject.problems));
  if (parsedBody.ok) violations.push(...describe('body', vocabularyProblems(type, parsedBody.nodes)));
  else violations.push(...describe('body', parsedBody.problems));
  violations.push(...describe('body', checkHtml(body)));
  if (violations.length > 0 || !parsedSubject.ok || !parsedBody.ok) return { ok: false, violations };
  return { ok: true, template: { type, subject: parsedSubject.nodes, body: parsedBody.nodes } };
}

/** The violations of a template (empty when it is valid): what a template update answers with 400. */
export function validateTemplate(type: TemplateType, subject: string, body: string): FieldViolation[] {
  const result = compileTemplate(type, subject, body);
  return result.ok ? [] : result.violations;
}
