import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/** The shape of an AWS SDK initialize-step middleware that this one needs. */
type Handler<Args, Out> = (args: Args) => Promise<Out>;
type S3Middleware = <Args extends { input: object }, Out extends { output: object }>(
  next: Handler<Args, Out>,
  context: { commandName?: string },
) => Handler<Args, Out>;

/**
 * An S3 client middleware that makes each call a client span (`S3.GetObject`, …), a child of the
 * active span, with the attributes of the OpenTelemetry AWS SDK conventions: `rpc.system=aws-api`,
 * `rpc.service`, `rpc.method`, `aws.s3.bucket`. Never the object key (keys name members' files).
 * At the initialize step, so one span covers a call's retries. Without a recording tracer (the
 * default) the spans are non-recording ones and cost next to nothing.
 */
export function s3TracingMiddleware(server: { address?: string; port?: number }): S3Middleware {
  return (next, context) => async (args) => {
    const method = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
    const bucket = (args.input as { Bucket?: unknown }).Bucket;
    const span = trace.getTracer('storage').startSpan(`S3.${method}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'rpc.system': 'aws-api',
        'rpc.service': 'S3',
        'rpc.method': method,
        ...(typeof bucket === 'string' ? { 'aws.s3.bucket': bucket } : {}),
        ...(server.address ? { 'server.address': server.address } : {}),
        ...(server.port ? { 'server.port': server.port } : {}),
      },
    });
    try {
      const out = await next(args);
      const status = (out.output as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status !== undefined) span.setAttribute('http.response.status_code', status);
      return out;
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.$metadata?.httpStatusCode !== undefined) span.setAttribute('http.response.status_code', e.$metadata.httpStatusCode);
      span.setAttribute('error.type', e.name ?? 'Error');
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  };
}
