import type { Request } from 'express';
import { PlatformError } from '@platform/errors';
import type { ForwardedContext, GrpcClients } from '../grpc/grpc-clients';
import { openUpload, type UploadCall } from '../grpc/stream-calls';
import { findField } from '../protos/message-schema';
import type { Route } from '../routing/route-table';
import { transcodeRequest } from '../transcoding/transcoder';
import { GatewayErrorCode, ProblemError } from './problem';

/** Largest piece of the file per gRPC message. */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
/** What a form may add around the file (boundaries, part headers, the other fields). */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

type BusboyFactory = (config: import('busboy').BusboyConfig) => import('busboy').Busboy;
let busboyModule: Promise<BusboyFactory> | undefined;
/** Loaded on the first multipart request, so an idle gateway never holds the parser. */
const loadBusboy = (): Promise<BusboyFactory> =>
  (busboyModule ??= import('busboy').then((m) => (m as unknown as { default?: BusboyFactory }).default ?? (m as unknown as BusboyFactory)));

export interface UploadDeps {
  grpc: GrpcClients;
  /** Deadline of an upload call (a whole transfer, not one message). */
  transferTimeoutMs: number;
}

/**
 * A multipart/form-data upload to a client-streaming RPC (the route's `upload` option). The form is
 * parsed as it arrives (busboy): the path variables and the fields before the file become the first
 * message (`fields`), then the file goes in chunks of at most 64 KiB, paced by the call's flow
 * control, so neither the gateway nor the service holds the whole file. Past `max_bytes` the call
 * is cancelled (the service discards what it stored) and the answer is 413.
 */
export async function forwardUpload(
  deps: UploadDeps,
  route: Route,
  req: Request,
  params: Record<string, string>,
  query: URLSearchParams,
  context: ForwardedContext,
): Promise<object> {
  const upload = route.upload as NonNullable<Route['upload']>;
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(req.get('content-type') ?? '')) {
    throw new ProblemError({
      status: 415,
      code: GatewayErrorCode.UNSUPPORTED_MEDIA_TYPE,
      detail: `The request body must be multipart/form-data with the file in the field '${upload.fileField}'`,
    });
  }
  const declared = Number(req.get('content-length') ?? '0');
  if (declared > upload.maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(upload.maxBytes);

  const busboy = await loadBusboy();
  const parser = busboy({
    headers: req.headers,
    defParamCharset: 'utf8',
    limits: { files: 1, fileSize: upload.maxBytes, fields: 50, fieldSize: 64 * 1024, parts: 51 },
  });
  const form = new URLSearchParams(query);

  return new Promise<object>((resolve, reject) => {
    let settled = false;
    let fileSeen = false;
    let call: UploadCall | undefined;

    const fail = (err: unknown): void => {
      if (settled) return;
      settled = true;
      call?.call.cancel();
      req.unpipe(parser);
      // Read and drop the rest of the body, so the client gets to read the answer.
      req.resume();
      reject(err);
    };

    parser.on('field', (name: string, value: string, info: import('busboy').FieldInfo) => {
      if (fileSeen)
        return fail(PlatformError.validation([{ field: name, message: 'must come before the file in the form' }], `${name} must come before the file`));
      if (info.valueTruncated) return fail(PlatformError.validation([{ field: name, message: 'is too long' }], `${name} is too long`));
      form.append(name, value);
    });

    parser.on('file', (name: string, file: import('node:stream').Readable & { truncated?: boolean }, info: import('busboy').FileInfo) => {
      if (settled || fileSeen || name !== upload.fileField) {
        file.resume();
        return fail(
          PlatformError.validation([{ field: name, message: `is not expected: the file goes in '${upload.fileField}'` }], `Unexpected file field ${name}`),
        );
      }
      fileSeen = true;
      let fields: Record<string, unknown>;
      try {
        fields = fieldsMessage(route, params, form, info.filename ?? '', info.mimeType ?? '');
        call = openUpload(deps.grpc, route.service.address, route.rpc.definition, context, deps.transferTimeoutMs);
      } catch (err) {
        file.resume();
        return fail(err);
      }
      const { call: stream, reply } = call;
      reply.then(
        (answer) => {
          if (settled) return;
          settled = true;
          resolve(answer);
        },
        (err: unknown) => {
          file.resume();
          fail(err);
        },
      );
      stream.write({ fields });
      file.on('data', (data: Buffer) => {
        if (settled) return;
        let open = true;
        for (let offset = 0; offset < data.length; offset += UPLOAD_CHUNK_BYTES) {
          open = stream.write({ chunk: data.subarray(offset, offset + UPLOAD_CHUNK_BYTES) });
        }
        if (!open) {
          file.pause();
          stream.once('drain', () => file.resume());
        }
      });
      file.on('limit', () => fail(tooLarge(upload.maxBytes)));
      file.on('end', () => {
        if (!settled && !file.truncated) stream.end();
      });
    });

    parser.on('close', () => {
      if (!fileSeen) fail(PlatformError.validation([{ field: upload.fileField, message: 'is required' }], `The form has no file in '${upload.fileField}'`));
    });
    parser.on('error', (err: unknown) =>
      fail(
        new ProblemError({
          status: 400,
          code: GatewayErrorCode.MALFORMED_REQUEST,
          detail: `The multipart body could not be read: ${err instanceof Error ? err.message.slice(0, 200) : 'malformed'}`,
        }),
      ),
    );
    req.on('close', () => {
      if (!req.complete)
        fail(new ProblemError({ status: 400, code: GatewayErrorCode.MALFORMED_REQUEST, detail: 'The request body was not received completely' }));
    });
    req.pipe(parser);
  });
}

/** The first message: path variables and form fields, converted and checked like query parameters. */
function fieldsMessage(route: Route, params: Record<string, string>, form: URLSearchParams, fileName: string, mimeType: string): Record<string, unknown> {
  const fieldsSchema = (route.upload as NonNullable<Route['upload']>).fields;
  for (const key of ['fileName', 'file_name', 'declaredContentType', 'declared_content_type']) form.delete(key);
  const message = transcodeRequest({ ...route, request: fieldsSchema, body: '' }, { params, query: form });
  const nameField = findField(fieldsSchema, 'file_name');
  const typeField = findField(fieldsSchema, 'declared_content_type');
  if (nameField) message[nameField.name] = formFileName(fileName).slice(0, 255);
  if (typeField) message[typeField.name] = mimeType.slice(0, 255);
  return message;
}

/** The file part's name: browsers and fetch escape `"`, CR and LF as %22, %0D and %0A (HTML multipart encoding). */
export const formFileName = (raw: string): string => raw.replace(/%22/g, '"').replace(/%0[DA]/gi, '');

const tooLarge = (maxBytes: number): ProblemError =>
  new ProblemError({ status: 413, code: GatewayErrorCode.PAYLOAD_TOO_LARGE, detail: `The file is larger than ${maxBytes} bytes` });
