import { createHash } from "node:crypto";
import { changedContent } from "../app/content/live";
import { freshContent, onContentChange, writeInitialContent } from "../app/content/store.server";
import { writeInitialUploads } from "../app/lib/uploads/uploads.server";
import { databaseAway } from "../app/lib/database-outage.server";
import { log } from "../app/lib/logger.server";

/**
 * What the content a page shows comes down to: a hash of the items that differ from app/content's
 * initial values ("initial" when none do). The prerendered pages record the one they were drawn
 * with, so a start or a publish renders them again only when it changed.
 */
export function contentFingerprint(): string {
  const changed = changedContent();
  if (!changed) return "initial";
  return createHash("sha256").update(JSON.stringify(changed)).digest("base64url").slice(0, 16);
}

/** How long an instance that could not read the content serves what it has before asking again. */
const retryAfterFailureMs = 1_000;
let failedAt = -Infinity;

/**
 * Brings the content in memory up to date before a render. The start has read it once already
 * (`startContent`); if the database does not answer now, what was read before is used (a page
 * that needs nothing else still renders), and the database is asked again a second later.
 */
export async function contentForRender(feedVersion: number | undefined): Promise<void> {
  // A database known to be away is not waited on: what was read before is served.
  if (databaseAway() || performance.now() - failedAt < retryAfterFailureMs) return;
  try {
    await freshContent(feedVersion);
  } catch (error) {
    failedAt = performance.now();
    log.warn("content could not be read again; serving what was read before", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** How often an instance asks the change feed whether content was published (a file's pages are re-rendered then). */
const watchEveryMs = 250;

/**
 * At start: writes the first version of every item not yet stored, reads what is published, and
 * from then on watches the change feed, so a publish on any instance reaches this one's pages
 * (those kept in memory through `contentForRender`, those on disk through `onChange`) within a
 * fraction of a second even when no request comes.
 */
export async function startContent(feedVersion: () => number | undefined, onChange: () => void) {
  const written = await writeInitialContent();
  if (written.length > 0) log.info("content written from app/content", { items: written.length });
  const files = await writeInitialUploads();
  if (files.length > 0) log.info("manuals written from public/manuals", { files: files.length });
  await freshContent(feedVersion());
  const unsubscribe = onContentChange(onChange);
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    contentForRender(feedVersion()).finally(() => (checking = false));
  }, watchEveryMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
