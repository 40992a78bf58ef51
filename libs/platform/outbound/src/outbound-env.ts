import { z } from 'zod';
import { parseAllowedDestinations } from './allow-list';

/**
 * The outbound settings a service that connects to tenant-given addresses reads (spread into its
 * config schema). `OUTBOUND_ALLOWED_DESTINATIONS`: `host:port` entries an operator allows whatever
 * their address (a relay inside the network, the development mail catcher); empty by default.
 */
export const outboundEnv = {
  OUTBOUND_ALLOWED_DESTINATIONS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      try {
        return parseAllowedDestinations(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
};
