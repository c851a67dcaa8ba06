/**
 * The hidden field in which every public form carries its ticket (form-ticket.server.ts): when
 * this visitor was served the form, and the form's one-time submission key.
 */
export const ticketField = "ticket";

/** A ticket is good for a week: a form left open in a tab longer than that gets no benefit of the doubt. */
export const ticketLifetimeMs = 7 * 24 * 60 * 60_000;

/**
 * A form's ticket in a rendered page, as React writes the hidden field (components/ui/field.tsx,
 * BotFields): its value is group 1. The page cache puts a new ticket in each (server/ticketed-page.ts).
 */
export const ticketValuePattern = /name="ticket" value="([^"]*)"/g;
