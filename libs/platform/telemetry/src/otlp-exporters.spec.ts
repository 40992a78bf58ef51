// Runs with --experimental-vm-modules (see project.json): the OTLP HTTP exporters load node:http
// through a dynamic import, which Jest refuses without it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, ServerCredentials, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { otlpTraceExporter } from './sdk-tracing';
import { otlpProtocolOf, type OtlpProtocol } from './tracing';

describe('otlpProtocolOf', () => {
  it('defaults to http/protobuf, as the OTLP specification does', () => {
    expect(otlpProtocolOf({})).toEqual({ protocol: 'http/protobuf' });
  });

  it('reads the traces variable first, then the general one', () => {
    expect(otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual({ protocol: 'grpc' });
    expect(otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' })).toEqual({ protocol: 'http/json' });
  });

  it('falls back to the default for a protocol it does not know, and says which', () => {
    expect(otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'carrier-pigeon' })).toEqual({ protocol: 'http/protobuf', unknown: 'carrier-pigeon' });
  });
});

/** Sends one span through the exporter of a protocol, configured by the standard variables only. */
async function exportOneSpan(protocol: OtlpProtocol, endpoint: string): Promise<void> {
  const saved = { ...process.env };
  process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = endpoint;
  try {
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(otlpTraceExporter(protocol))] });
    provider.getTracer('otlp-test').startSpan('exported-span').end();
    await provider.forceFlush();
    await provider.shutdown();
  } finally {
    process.env = saved;
  }
}

describe('the OTLP exporters, against a local collector stand-in', () => {
  it.each([
    ['http/protobuf', 'application/x-protobuf'],
    ['http/json', 'application/json'],
  ] as const)('%s posts the span to /v1/traces as %s', async (protocol, contentType) => {
    const received: { path?: string; type?: string; body: Buffer }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url, type: req.headers['content-type'], body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': contentType }).end(contentType === 'application/json' ? '{}' : '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await exportOneSpan(protocol, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ path: '/v1/traces', type: contentType });
      expect(received[0]!.body.toString('latin1')).toContain('exported-span');
    } finally {
      server.close();
    }
  });

  it('grpc calls the collector TraceService with the span', async () => {
    const received: Buffer[] = [];
    const raw = (b: Buffer) => b;
    const server = new Server();
    server.addService(
      {
        export: {
          path: '/opentelemetry.proto.collector.trace.v1.TraceService/Export',
          requestStream: false,
          responseStream: false,
          requestSerialize: raw,
          requestDeserialize: raw,
          responseSerialize: raw,
          responseDeserialize: raw,
        },
      },
      {
        export: (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => {
          received.push(call.request);
          callback(null, Buffer.alloc(0));
        },
      },
    );
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    try {
      await exportOneSpan('grpc', `http://127.0.0.1:${port}`);
      expect(received).toHaveLength(1);
      expect(received[0]!.toString('latin1')).toContain('exported-span');
    } finally {
      server.forceShutdown();
    }
  });
});
