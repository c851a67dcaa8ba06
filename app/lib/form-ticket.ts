/**
 * The hidden field in which every public form carries its ticket (form-ticket.server.ts): when
 * this visitor was served the form, and the form's one-time submission key.
 */
export const ticketField = "ticket";

/** A ticket is good for a week: a form left open in a tab longer than that gets no benefit of the doubt. */
export const ticketLifetimeMs = 7 * 24 * 60 * 60_000;
