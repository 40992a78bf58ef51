/**
 * google.api.http path templates, the subset the platform uses: literal segments, single-segment
 * variables `{id}` (also written `{id=*}`) and a trailing multi-segment variable `{path=**}`.
 * Variables name request fields, possibly nested (`{org.id}`). Anything else (custom verbs,
 * patterns such as `{name=orgs/*}`) is refused at start.
 */
export type TemplateSegment = { kind: 'literal'; value: string } | { kind: 'variable'; field: string } | { kind: 'rest'; field: string };

export interface PathTemplate {
  /** The template as written in the proto. */
  source: string;
  segments: TemplateSegment[];
  /** The shape used for conflicts and matching: variables as `*`, the rest variable as `**`. */
  shape: string;
  /** Field paths bound by the path, in order. */
  variables: string[];
}

const LITERAL = /^[A-Za-z0-9._~!$&'()+,;=:@-]+$/;
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function parsePathTemplate(source: string): PathTemplate {
  if (!source.startsWith('/')) throw new Error(`path template '${source}' must start with /`);
  const parts = source === '/' ? [] : source.slice(1).split('/');
  const segments: TemplateSegment[] = parts.map((part, index) => {
    const variable = /^\{([^}=]+)(?:=(\*\*?))?\}$/.exec(part);
    if (variable) {
      const field = variable[1] ?? '';
      if (!FIELD_PATH.test(field)) throw new Error(`path template '${source}': bad variable '${field}'`);
      if (variable[2] === '**') {
        if (index !== parts.length - 1) throw new Error(`path template '${source}': '**' only as the last segment`);
        return { kind: 'rest', field };
      }
      return { kind: 'variable', field };
    }
    if (!LITERAL.test(part) || part.includes('{') || part.includes('}')) {
      throw new Error(`path template '${source}': unsupported segment '${part}'`);
    }
    return { kind: 'literal', value: part };
  });
  if (segments.some((s, i) => s.kind === 'literal' && s.value.includes(':') && i === segments.length - 1)) {
    throw new Error(`path template '${source}': custom verbs are not supported`);
  }
  const variables = segments.flatMap((s) => (s.kind === 'literal' ? [] : [s.field]));
  if (new Set(variables).size !== variables.length) throw new Error(`path template '${source}': repeated variable`);
  const shape = '/' + segments.map((s) => (s.kind === 'literal' ? s.value : s.kind === 'variable' ? '*' : '**')).join('/');
  return { source, segments, shape, variables };
}

/**
 * Splits a request path into decoded segments. Returns undefined for a path that cannot be decoded
 * (a bad percent escape). A single trailing slash is ignored.
 */
export function splitRequestPath(path: string): string[] | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (trimmed === '/' || trimmed === '') return [];
  try {
    return trimmed
      .slice(1)
      .split('/')
      .map((s) => (s.includes('%') ? decodeURIComponent(s) : s));
  } catch {
    return undefined;
  }
}

/** The variable values of a request path that matched the template's shape. */
export function extractVariables(template: PathTemplate, segments: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  template.segments.forEach((segment, index) => {
    if (segment.kind === 'variable') values[segment.field] = segments[index] ?? '';
    else if (segment.kind === 'rest') values[segment.field] = segments.slice(index).join('/');
  });
  return values;
}

/** Fills a template's variables (for Location headers). */
export function renderTemplate(template: PathTemplate, values: Record<string, string>): string {
  return (
    '/' +
    template.segments
      .map((s) => {
        if (s.kind === 'literal') return s.value;
        const value = values[s.field] ?? '';
        return s.kind === 'rest' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
      })
      .join('/')
  );
}
