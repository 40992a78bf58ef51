// The email template language and its rules, in one place: the organisation service mirrors them
// (docs/notifications.md, "Template rules") or calls RenderEmailTemplate.
export { TEMPLATE_TYPES, VOCABULARY, SAMPLE_VALUES, isTemplateType, type TemplateType, type TemplateValues, type TemplateVocabulary } from './template-types';
export { parseTemplate, type TemplateNode, type TemplateProblem } from './parse-template';
export { checkHtml } from './html-check';
export { compileTemplate, validateTemplate, MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH, type CompiledTemplate } from './validate-template';
export { renderNodes, escapeHtml, headerSafe } from './render-template';
export { htmlToText } from './html-to-text';
export { DEFAULT_TEMPLATES, type TemplateSource } from './default-templates';
export { renderEmail, type RenderedEmail } from './render-email';
