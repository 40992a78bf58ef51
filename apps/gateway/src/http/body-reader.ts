import express, { type Request, type Response } from 'express';
import { GatewayErrorCode, ProblemError } from './problem';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/**
 * Reads a JSON request body: at most `limitBytes` (413 beyond), `application/json` only (415
 * otherwise), UTF-8, well-formed (400 otherwise). An absent or empty body is `undefined`.
 */
export async function readJsonBody(req: Request, res: Response, limitBytes: number): Promise<unknown> {
  const declared = Number(req.get('content-length') ?? '0');
  if (!req.get('transfer-encoding') && !(declared > 0)) return undefined;

  const [mediaType = '', ...params] = (req.get('content-type') ?? '').split(';').map((p) => p.trim());
  if (!JSON_TYPE.test(mediaType)) {
    throw new ProblemError({
      status: 415,
      code: GatewayErrorCode.UNSUPPORTED_MEDIA_TYPE,
      detail: 'The request body must be JSON, sent as Content-Type: application/json',
    });
  }
  const charset = params
    .find((p) => p.toLowerCase().startsWith('charset='))
    ?.slice(8)
    .replace(/"/g, '')
    .toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ProblemError({ status: 415, code: GatewayErrorCode.UNSUPPORTED_MEDIA_TYPE, detail: 'The request body must be UTF-8' });
  }
  if (declared > limitBytes) throw tooLarge(limitBytes);

  const raw = await readRaw(req, res, limitBytes);
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw malformed('The request body is not valid UTF-8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 200) : 'syntax error';
    throw malformed(`The request body is not valid JSON: ${reason}`);
  }
}

const parsers = new Map<number, ReturnType<typeof express.raw>>();

function readRaw(req: Request, res: Response, limitBytes: number): Promise<Buffer> {
  let parse = parsers.get(limitBytes);
  if (!parse) parsers.set(limitBytes, (parse = express.raw({ type: () => true, limit: limitBytes })));
  return new Promise((resolve, reject) => {
    parse(req, res, (err?: unknown) => {
      if (err) return reject(translate(err as BodyParserError, limitBytes));
      resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    });
  });
}

function translate(err: BodyParserError, limitBytes: number): ProblemError {
  switch (err.type) {
    case 'entity.too.large':
      return tooLarge(limitBytes);
    case 'encoding.unsupported':
      return new ProblemError({ status: 415, code: GatewayErrorCode.UNSUPPORTED_MEDIA_TYPE, detail: 'The request body uses an unsupported Content-Encoding' });
    case 'request.aborted':
      return malformed('The request body was not received completely');
    default:
      return malformed('The request body could not be read');
  }
}

const tooLarge = (limitBytes: number): ProblemError =>
  new ProblemError({ status: 413, code: GatewayErrorCode.PAYLOAD_TOO_LARGE, detail: `The request body is larger than ${limitBytes} bytes` });

const malformed = (detail: string): ProblemError => new ProblemError({ status: 400, code: GatewayErrorCode.MALFORMED_REQUEST, detail });
