export const TICKET_TYPES = ['MEMBER', 'STANDARD'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const isTicketType = (value: string): value is TicketType => (TICKET_TYPES as readonly string[]).includes(value);

/** The prices of an event, as exact decimal strings ("12.50"), null when not set. */
export interface EventPrices {
  isFree: boolean;
  startDate: Date;
  basePrice: string | null;
  memberPrice: string | null;
  earlyBirdPrice: string | null;
  earlyBirdDeadline: Date | null;
  currency: string;
}

export interface Price {
  /** Exact decimal string. */
  amount: string;
  currency: string;
}

/**
 * The price a registration is given: free events 0; a MEMBER ticket the member price; otherwise
 * the early-bird price before the early-bird deadline (without a deadline: until the event
 * starts), else the base price. A price that
 * is not set falls back to the base price, and an event without any price costs 0.
 */
export function priceFor(event: EventPrices, ticketType: TicketType, now: Date): Price {
  if (event.isFree) return { amount: '0', currency: event.currency };
  const base = event.basePrice ?? '0';
  if (ticketType === 'MEMBER') return { amount: event.memberPrice ?? base, currency: event.currency };
  const earlyBirdEnds = event.earlyBirdDeadline ?? event.startDate;
  const earlyBird = event.earlyBirdPrice !== null && now.getTime() < earlyBirdEnds.getTime();
  return { amount: earlyBird ? (event.earlyBirdPrice as string) : base, currency: event.currency };
}
