/**
 * The site's content in the database (docs/decisions/033-content-in-the-database.md): each item's
 * published value and version, every version published, one shared draft per item, and the
 * published values this instance serves, held in memory and read by every page through
 * app/content/live.ts.
 *
 * An editor's form carries the item's `edition` (its published version and its draft's revision).
 * A save, publish, discard or restore made from an older edition is refused with what changed
 * since, so two editors on one item never overwrite each other silently.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "kysely";
import { recordAudit } from "~/lib/audit.server";
import { db, type Executor, getDatabase } from "~/lib/db.server";
import type { Staff } from "~/lib/staff";
import { refreshUploads } from "~/lib/uploads/uploads.server";
import { forgetEditions, refreshEditions } from "~/content/editions.server";
import { initialAuthor } from "./initial-files";
import { type ContentSource, differingContent, initialContent, setContentSource } from "./live";
import { contentItem, contentItems } from "./items";

/** Who the first version of every item is from: app/content, written at the first start. */
export { initialAuthor };

export interface Edition {
  version: number;
  revision: number;
}

export function editionToken(edition: Edition): string {
  return `${edition.version}.${edition.revision}`;
}

export function parseEdition(token: unknown): Edition | undefined {
  const match = typeof token === "string" ? /^(\d{1,9})\.(\d{1,9})$/.exec(token) : null;
  return match ? { version: Number(match[1]), revision: Number(match[2]) } : undefined;
}

export interface Published {
  version: number;
  body: unknown;
  by: string;
  at: string;
}

export interface Draft {
  body: unknown;
  revision: number;
  by: string;
  at: string;
}

export interface ItemState {
  key: string;
  published: Published;
  draft: Draft | undefined;
  edition: Edition;
}

export interface VersionLine {
  version: number;
  by: string;
  at: string;
  restoredFrom: number | null;
}

// ——— The published values this instance serves ———

interface Snapshot {
  values: Map<string, unknown>;
  versions: Map<string, number>;
  changed: Record<string, unknown> | undefined;
}

let snapshot: Snapshot | undefined;
/** The change feed's version when the snapshot was read (undefined: read it again before use). */
let snapshotAt: number | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** A preview's values for the requests it renders (set by `withPreview`). */
const previewing = new AsyncLocalStorage<{
  key: string;
  values: Map<string, unknown>;
  changed: Record<string, unknown> | undefined;
}>();

const source: ContentSource = {
  read: (key) => {
    const preview = previewing.getStore();
    if (preview?.values.has(key)) return preview.values.get(key);
    return snapshot?.values.get(key);
  },
  changed: () => {
    const preview = previewing.getStore();
    return preview ? preview.changed : snapshot?.changed;
  },
};

/**
 * The published items: the versions first, then the bodies of only those that changed since
 * `before` (a publish reads one item again, not every FAQ answer).
 */
async function readPublished(before: Snapshot | undefined): Promise<Snapshot> {
  const rows = await db().selectFrom("content_items").select(["key", "version"]).execute();
  const known = rows.filter((row) => contentItem(row.key));
  const stale = known.filter((row) => before?.versions.get(row.key) !== row.version).map((row) => row.key);
  const bodies =
    stale.length === 0
      ? []
      : await db().selectFrom("content_items").select(["key", "version", "body"]).where("key", "in", stale).execute();
  const values = new Map<string, unknown>();
  const versions = new Map<string, number>();
  for (const row of known) {
    if (stale.includes(row.key)) continue;
    values.set(row.key, before?.values.get(row.key));
    versions.set(row.key, row.version);
  }
  for (const row of bodies) {
    values.set(row.key, withAddedFields(row.key, JSON.parse(row.body)));
    versions.set(row.key, row.version);
  }
  const same = before && sameVersions(before.versions, versions);
  return same ? before : { values, versions, changed: differingContent(values) };
}

/**
 * Reads the published content again if anything may have changed since it was read: the change
 * feed moved (a publish on any instance), or it cannot be heard (then always). The pages read it
 * from memory afterwards, so rendering never waits on the database for content.
 */
export async function freshContent(feedVersion: number | undefined): Promise<void> {
  if (snapshot && feedVersion !== undefined && feedVersion === snapshotAt) return;
  loading ??= (async () => {
    const before = snapshot;
    const next = await readPublished(before);
    // A published item may name a file uploaded since: the pages drawn next must know it.
    if (!before || next !== before) {
      await refreshUploads();
      await refreshEditions();
    }
    snapshot = next;
    snapshotAt = feedVersion;
    setContentSource(source);
    if (!before || !sameVersions(before.versions, next.versions)) for (const listener of listeners) listener();
  })().finally(() => (loading = undefined));
  await loading;
  // A change heard while the read above was under way: read once more.
  if (feedVersion !== undefined && snapshotAt !== feedVersion) await freshContent(feedVersion);
}

function sameVersions(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) {
  return a.size === b.size && [...a].every(([key, version]) => b.get(key) === version);
}

/** Calls `listener` each time the published content this instance serves changes. */
export function onContentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets what was read (tests, and an instance switching databases). */
export function forgetContent() {
  forgetEditions();
  snapshot = undefined;
  snapshotAt = undefined;
  setContentSource(undefined);
}

/**
 * Renders `work` as if `key` were published with `body`: the real page, for the staff member
 * previewing a draft, and nobody else.
 */
export function withPreview<T>(key: string, body: unknown, work: () => T): T {
  const values = new Map(snapshot?.values ?? []);
  values.set(key, body);
  return previewing.run({ key, values, changed: differingContent(values) }, work);
}

/** The item this render previews a draft of (undefined: the published site). */
export function previewedItem(): string | undefined {
  return previewing.getStore()?.key;
}

// ——— A field added to an item since it was stored ———

/**
 * `body` as stored, with each field its item's schema requires and it lacks taken from the code's
 * initial value. An item stored before a field was added to it in app/content (a new heading in
 * an item of headings) reads that field as the code writes it, on the pages and in the admin's
 * form, until an editor publishes the item with it; without it, a page would read nothing there.
 * Only a field of an object is added, never one of a list's entries (the code's entry at the same
 * place need not be the stored one), and nothing the body holds is changed.
 */
export function withAddedFields(key: string, body: unknown): unknown {
  const parsed = contentItem(key)?.schema.safeParse(body);
  if (!parsed || parsed.success) return body;
  const initial = initialContent(key);
  let added = body;
  for (const { path } of parsed.error.issues) {
    const fields = path.every((step) => typeof step === "string") ? (path as string[]) : [];
    if (fields.length === 0 || valueAt(added, fields) !== undefined) continue;
    const value = valueAt(initial, fields);
    if (value !== undefined) added = withValueAt(added, fields, JSON.parse(JSON.stringify(value)));
  }
  return added;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What `value` holds at `fields`, through objects only. */
function valueAt(value: unknown, fields: readonly string[]): unknown {
  let at = value;
  for (const field of fields) {
    if (!isRecord(at) || !Object.hasOwn(at, field)) return undefined;
    at = at[field];
  }
  return at;
}

/** A copy of `value` with `field` at `fields`, the objects on the way copied and the rest shared. */
function withValueAt(value: unknown, [first, ...rest]: readonly string[], field: unknown): unknown {
  const record = isRecord(value) ? value : {};
  return { ...record, [first!]: rest.length ? withValueAt(record[first!], rest, field) : field };
}

// ——— Writing the first version ———

/**
 * Writes the first version of every item that has none: all of them on a fresh site, a new item
 * added to app/content on an existing one. An item already stored is never touched, whatever the
 * code's initial value says now. Safe on several instances starting at once.
 */
export async function writeInitialContent(now = new Date()): Promise<string[]> {
  const stored = new Set((await db().selectFrom("content_items").select("key").execute()).map((row) => row.key));
  const written: string[] = [];
  for (const item of contentItems) {
    if (stored.has(item.key)) continue;
    const body = JSON.stringify(initialContent(item.key));
    const at = now.toISOString();
    const inserted = await db()
      .transaction()
      .execute(async (trx) => {
        const result = await trx
          .insertInto("content_items")
          .values({ key: item.key, version: 1, body, published_by: initialAuthor, published_at: at })
          .onConflict((oc) => oc.column("key").doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx
          .insertInto("content_versions")
          .values({
            key: item.key,
            version: 1,
            body,
            published_by: initialAuthor,
            published_at: at,
            restored_from: null,
          })
          .execute();
        return true;
      });
    if (inserted) written.push(item.key);
  }
  return written;
}

// ——— Reading an item for the admin ———

export async function itemState(key: string, within?: Executor): Promise<ItemState | undefined> {
  const run = within ?? db();
  const row = await run.selectFrom("content_items").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) return undefined;
  const draftRow = await run.selectFrom("content_drafts").selectAll().where("key", "=", key).executeTakeFirst();
  const draft = draftRow
    ? {
        body: withAddedFields(key, JSON.parse(draftRow.body)),
        revision: draftRow.revision,
        by: draftRow.saved_by,
        at: draftRow.saved_at,
      }
    : undefined;
  return {
    key,
    published: {
      version: row.version,
      body: withAddedFields(key, JSON.parse(row.body)),
      by: row.published_by,
      at: row.published_at,
    },
    draft,
    edition: { version: row.version, revision: draft?.revision ?? 0 },
  };
}

/** Every item's published version and whether it has a draft, for the content list. */
export async function itemSummaries() {
  const [rows, drafts] = await Promise.all([
    db().selectFrom("content_items").select(["key", "version", "published_by", "published_at"]).execute(),
    db().selectFrom("content_drafts").select(["key", "saved_by", "saved_at"]).execute(),
  ]);
  const draftOf = new Map(drafts.map((draft) => [draft.key, draft]));
  const rowOf = new Map(rows.map((row) => [row.key, row]));
  return contentItems.map((item) => {
    const row = rowOf.get(item.key);
    const draft = draftOf.get(item.key);
    return {
      key: item.key,
      title: item.title,
      group: item.group,
      /** The first page it shows on, where a preview opens. */
      page: item.pages[0],
      version: row?.version ?? 0,
      publishedBy: row?.published_by,
      publishedAt: row?.published_at,
      draftBy: draft?.saved_by,
      draftAt: draft?.saved_at,
    };
  });
}

export async function versionsOf(key: string): Promise<VersionLine[]> {
  const rows = await db()
    .selectFrom("content_versions")
    .select(["version", "published_by", "published_at", "restored_from"])
    .where("key", "=", key)
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => ({
    version: row.version,
    by: row.published_by,
    at: row.published_at,
    restoredFrom: row.restored_from,
  }));
}

// ——— Changing an item ———

/** What an editor's change met: done, or someone else's change since the form was opened. */
export type ChangeOutcome =
  | { ok: true; state: ItemState }
  | { ok: false; reason: "changed-since"; state: ItemState }
  /** Nothing to do as asked (no such version, no draft): why, in a sentence for the editor. */
  | { ok: false; reason: "refused"; message: string }
  | { ok: false; reason: "missing" };

/**
 * Runs `change` only if the item is still at `edition`, inside one transaction that first takes
 * the item's row for itself (so a concurrent change waits, then sees the new edition and is
 * refused instead of overwriting it). A `change` that answers a sentence refuses, having written
 * nothing.
 */
async function atEdition(
  key: string,
  edition: Edition,
  change: (trx: Executor, state: ItemState) => Promise<string | void>,
): Promise<ChangeOutcome> {
  const outcome = await db()
    .transaction()
    .execute(async (trx): Promise<ChangeOutcome> => {
      // PostgreSQL: take the item's row. SQLite's transactions begin immediate, holding the write lock already.
      if (getDatabase().dialect === "postgres") {
        await sql`select key from content_items where key = ${key} for update`.execute(trx);
      }
      const state = await itemState(key, trx);
      if (!state) return { ok: false, reason: "missing" };
      if (state.edition.version !== edition.version || state.edition.revision !== edition.revision) {
        return { ok: false, reason: "changed-since", state };
      }
      const refusal = await change(trx, state);
      if (refusal) return { ok: false, reason: "refused", message: refusal };
      const after = await itemState(key, trx);
      return after ? { ok: true, state: after } : { ok: false, reason: "missing" };
    });
  return outcome;
}

export function saveDraft(key: string, body: unknown, edition: Edition, staff: Staff): Promise<ChangeOutcome> {
  return atEdition(key, edition, async (trx, state) => {
    const values = {
      body: JSON.stringify(body),
      revision: state.edition.revision + 1,
      saved_by: staff.username,
      saved_at: new Date().toISOString(),
    };
    if (state.draft) await trx.updateTable("content_drafts").set(values).where("key", "=", key).execute();
    else
      await trx
        .insertInto("content_drafts")
        .values({ key, ...values })
        .execute();
  });
}

export function discardDraft(key: string, edition: Edition, staff: Staff): Promise<ChangeOutcome> {
  return atEdition(key, edition, async (trx, state) => {
    if (!state.draft) return "There is no draft to discard: the form shows what is published.";
    await trx.deleteFrom("content_drafts").where("key", "=", key).execute();
    await recordAudit(staff, "discard-draft", "content", key, undefined, trx);
  });
}

async function writeVersion(
  trx: Executor,
  key: string,
  version: number,
  body: string,
  staff: Staff,
  restoredFrom: number | null,
) {
  const at = new Date().toISOString();
  await trx
    .updateTable("content_items")
    .set({ version, body, published_by: staff.username, published_at: at })
    .where("key", "=", key)
    .execute();
  await trx
    .insertInto("content_versions")
    .values({ key, version, body, published_by: staff.username, published_at: at, restored_from: restoredFrom })
    .execute();
  await trx.deleteFrom("content_drafts").where("key", "=", key).execute();
}

/** Publishes `body` as the item's next version (the form's values: what the editor sees is what goes out). */
export function publish(key: string, body: unknown, edition: Edition, staff: Staff): Promise<ChangeOutcome> {
  return atEdition(key, edition, async (trx, state) => {
    const version = state.published.version + 1;
    await writeVersion(trx, key, version, JSON.stringify(body), staff, null);
    await recordAudit(staff, "publish", "content", key, `version ${version}`, trx);
  });
}

/** Publishes an earlier version again, as a new version that says which it copied. */
export function restore(key: string, from: number, edition: Edition, staff: Staff): Promise<ChangeOutcome> {
  return atEdition(key, edition, async (trx, state) => {
    const row = await trx
      .selectFrom("content_versions")
      .select("body")
      .where("key", "=", key)
      .where("version", "=", from)
      .executeTakeFirst();
    if (!row) return `There is no version ${from} of this item. Choose one from the list of versions.`;
    if (from === state.published.version && !state.draft)
      return `Version ${from} is what is published now: there is nothing to restore.`;
    const version = state.published.version + 1;
    await writeVersion(trx, key, version, row.body, staff, from);
    await recordAudit(staff, "restore", "content", key, `version ${from} as version ${version}`, trx);
  });
}
