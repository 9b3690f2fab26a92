/*
 * The error statuses of the interface and the message of each (contract: errors): written here, beside the
 * schemas, so that the operations table (operations.ts) names its statuses without importing src/.
 */

/** The message of each error status, 413 and 405 included: the only place an error message is written. */
export const statusMessages = {
  400: 'Invalid request parameters',
  401: 'Missing Authentication header',
  403: 'Only management keys can perform this operation',
  404: 'Resource not found',
  // The interface's table has no 405, so a known path with another method gets RFC 9110's reason phrase
  // (section 15.5.6; contract: errors).
  405: 'Method Not Allowed',
  // A body that stops arriving is cut (contract: overload), with RFC 9110's reason phrase (section 15.5.9).
  408: 'Request Timeout',
  409: 'Resource conflict. Please try again later.',
  413: 'Request body too large',
  500: 'Internal Server Error',
  // A routed request the server refuses for lack of room (a full preset store) or of its store (a database that
  // is down) gets RFC 9110's reason phrase (section 15.6.4), with `Retry-After` (contract: overload).
  503: 'Service Unavailable',
} as const;

export type ErrorStatus = keyof typeof statusMessages;
