import { DiscardPolicy, RetentionPolicy, StorageType, type JetStreamManager, type StreamInfo } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { sleep } from '../backoff';
import { DEFAULT_STREAM } from '../names/messaging-names';
import { ApiCode, isApiError } from '../nats/api-errors';
import { mergeSubjects } from './merge-subjects';

export interface EnsureStreamOptions {
  /** Default `PLATFORM`; tests pass their own (`MessagingNames.stream`). */
  name?: string;
  /** `MessagingNames.streamSubjects()`. */
  subjects: string[];
  /** Window in which a repeated `Nats-Msg-Id` is dropped. Default 2 minutes. */
  duplicateWindowMs?: number;
  /** How long events stay in the stream (set at creation only). Default 7 days. */
  maxAgeMs?: number;
  /**
   * Copies JetStream keeps (`num_replicas`, NATS_STREAM_REPLICAS through `streamReplicasFromEnv`).
   * Given, an existing stream with another count is changed to it; absent, a new stream gets 1 and
   * an existing one keeps its own.
   */
  replicas?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ATTEMPTS = 5;

/**
 * Creates the platform stream, or widens its subjects and sets its duplicate window when it exists.
 * Every service calls it at start, possibly at the same moment: a lost creation race falls back to
 * an update, and after an update the stream is re-read until it covers the wanted subjects. Passing
 * the same full list everywhere (`MessagingNames.streamSubjects()`) keeps concurrent calls trivially
 * convergent.
 */
export async function ensureStream(jsm: JetStreamManager, options: EnsureStreamOptions): Promise<StreamInfo> {
  const { name = DEFAULT_STREAM, subjects, duplicateWindowMs = 120_000, maxAgeMs = 7 * DAY_MS, replicas } = options;
  const duplicateWindow = nanos(duplicateWindowMs);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const info = await streamInfo(jsm, name);
    if (!info) {
      try {
        return await jsm.streams.add({
          name,
          subjects: mergeSubjects([], subjects).subjects,
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          discard: DiscardPolicy.Old,
          max_age: nanos(maxAgeMs),
          duplicate_window: duplicateWindow,
          num_replicas: replicas ?? 1,
        });
      } catch (err) {
        if (isApiError(err, ApiCode.StreamNameInUse)) continue;
        throw err;
      }
    }
    const merged = mergeSubjects(info.config.subjects ?? [], subjects);
    const wantedReplicas = replicas ?? info.config.num_replicas;
    if (!merged.changed && info.config.duplicate_window === duplicateWindow && info.config.num_replicas === wantedReplicas) return info;
    if (attempt === ATTEMPTS) break;
    // A new replica count is JetStream's to carry out (it copies the stream to the new peers); a
    // single server refuses more than 1, and the service stops at start with its answer.
    await jsm.streams.update(name, { ...info.config, subjects: merged.subjects, duplicate_window: duplicateWindow, num_replicas: wantedReplicas });
    // Stream updates have no compare-and-set: a service updating at the same moment from an older
    // read may drop these subjects. Re-read a little later and add them again if so.
    await sleep(100 + Math.random() * 200);
  }
  throw new Error(`stream ${name} did not settle on subjects ${subjects.join(', ')} after ${ATTEMPTS} attempts`);
}

async function streamInfo(jsm: JetStreamManager, name: string): Promise<StreamInfo | undefined> {
  try {
    return await jsm.streams.info(name);
  } catch (err) {
    if (isApiError(err, ApiCode.StreamNotFound)) return undefined;
    throw err;
  }
}
