import { streamReplicasFromEnv } from './stream-replicas';

describe('streamReplicasFromEnv (NATS_STREAM_REPLICAS)', () => {
  it('is 1 when unset or empty: one JetStream server', () => {
    expect(streamReplicasFromEnv({})).toBe(1);
    expect(streamReplicasFromEnv({ NATS_STREAM_REPLICAS: '' })).toBe(1);
  });

  it.each([
    ['1', 1],
    ['3', 3],
    [' 5 ', 5],
  ])('reads %j as %i', (raw, replicas) => {
    expect(streamReplicasFromEnv({ NATS_STREAM_REPLICAS: raw })).toBe(replicas);
  });

  it.each(['0', '6', '2.5', 'three', '-1'])('refuses %j at start, naming the variable and the range', (raw) => {
    expect(() => streamReplicasFromEnv({ NATS_STREAM_REPLICAS: raw })).toThrow(
      `invalid configuration: NATS_STREAM_REPLICAS must be a whole number from 1 to 5, not '${raw}'`,
    );
  });
});
