import type { RequestHandler, Response } from 'express';

export interface DeprecationDates {
  /** When /api/v1 became deprecated (RFC 9745 `Deprecation`). */
  deprecatedAt: Date;
  /** When it is expected to stop answering (RFC 8594 `Sunset`). */
  sunsetAt: Date;
}

/** `Deprecation: @<unix seconds>` (an RFC 9651 date) and `Sunset: <IMF-fixdate>`, on every /api/v1 answer, errors included. */
export function deprecationHeaders(dates: DeprecationDates): RequestHandler {
  const deprecation = `@${Math.floor(dates.deprecatedAt.getTime() / 1000)}`;
  const sunset = dates.sunsetAt.toUTCString();
  return (_req, res, next) => {
    res.setHeader('Deprecation', deprecation);
    res.setHeader('Sunset', sunset);
    next();
  };
}

/** The platform operation that replaces the call (spec 4.10), as `Link: <path>; rel="successor-version"`. */
export function successorLink(res: Response, path: string): void {
  res.setHeader('Link', `<${path}>; rel="successor-version"`);
}
