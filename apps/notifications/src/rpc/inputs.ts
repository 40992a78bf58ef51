import { z } from 'zod';

/** Field rules shared by the notifications RPCs. */
export const uuid = z.string().uuid('must be a UUID');
export const optionalUuid = z.union([z.literal(''), z.string().uuid('must be a UUID')]);
/** A free-form JSON object (google.protobuf.Struct as ts-proto unwraps it). */
export const jsonObject = z.record(z.string(), z.unknown());
