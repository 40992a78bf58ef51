/**
 * `Content-Disposition` with a safe file name (RFC 6266): an ASCII `filename` fallback with quotes,
 * backslashes, control and non-ASCII characters replaced, and the exact name as UTF-8 in
 * `filename*`. Path separators never survive, so a name cannot point anywhere.
 */
export function contentDisposition(fileName: string, inline: boolean): string {
  const type = inline ? 'inline' : 'attachment';
  const cleaned = fileName
    .replace(/[/\\]/g, '_')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  if (cleaned === '') return type;
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
