import { context, SpanKind, trace } from '@opentelemetry/api';
import { startTestTracing } from '@platform/telemetry';
import { endSpan, startConsumerSpan, startProducerSpan } from './message-tracing';

describe('trace context across messages', () => {
  const tracing = startTestTracing('messaging-test');
  afterAll(() => tracing.shutdown());
  beforeEach(() => tracing.reset());

  it('makes a producer span, child of the active span, and puts its context in the headers', () => {
    const request = trace.getTracer('t').startSpan('request');
    const { span, headers } = context.with(trace.setSpan(context.active(), request), () =>
      startProducerSpan('create', 'identity.user.registered', { 'x-other': '1' }),
    );
    endSpan(span);
    request.end();
    const producer = tracing.spans().find((s) => s.kind === SpanKind.PRODUCER)!;
    expect(producer.name).toBe('create identity.user.registered');
    expect(producer.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(headers).toEqual({ traceparent: `00-${request.spanContext().traceId}-${producer.spanContext().spanId}-01`, 'x-other': '1' });
  });

  it('keeps a traceparent the caller gave', () => {
    const given = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const { span, headers } = startProducerSpan('send', 'audit.recorded', { traceparent: given });
    endSpan(span);
    expect(headers['traceparent']).toBe(given);
  });

  it('handles a delivery in a consumer span whose parent is the producer, and marks failures', () => {
    const { span: consumer } = startConsumerSpan(
      'audit.recorded',
      { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      {
        consumer: 'audit',
        messageId: 'm1',
        deliveryCount: 2,
      },
    );
    endSpan(consumer, new Error('boom'));
    const [ended] = tracing.spans();
    expect(ended!.kind).toBe(SpanKind.CONSUMER);
    expect(ended!.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(ended!.parentSpanContext).toMatchObject({ spanId: 'b7ad6b7169203331', isRemote: true });
    expect(ended!.attributes).toMatchObject({ 'messaging.consumer.group.name': 'audit', 'messaging.message.id': 'm1', 'messaging.delivery_count': 2 });
    expect(ended!.status).toMatchObject({ code: 2, message: 'boom' });
  });

  it('starts a new trace for a message without trace context', () => {
    const { span } = startConsumerSpan('audit.recorded', {}, { consumer: 'audit', messageId: 'm2', deliveryCount: 1 });
    endSpan(span);
    expect(tracing.spans()[0]!.parentSpanContext).toBeUndefined();
  });
});
