import { htmlToText } from './html-to-text';
import { renderNodes } from './render-template';
import type { TemplateValues } from './template-types';
import type { CompiledTemplate } from './validate-template';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Subject (plain, one line), HTML body (values escaped) and its text alternative. */
export function renderEmail(template: CompiledTemplate, data: TemplateValues): RenderedEmail {
  const html = renderNodes(template.body, data, 'html');
  return { subject: renderNodes(template.subject, data, 'subject'), html, text: htmlToText(html) };
}
