export { HTML_POLICIES, type HtmlPolicy } from './policies';
export { plainText, sanitiseEmailHtml, sanitiseHtml } from './sanitise';
