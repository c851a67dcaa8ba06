import { listUploads } from "~/lib/uploads/uploads.server";
import { formatFileSize } from "~/lib/format";
import type { UploadChoices } from "./schema-form";
import { data, redirectDocument } from "react-router";
import { contentItem, type ContentItemDefinition } from "~/content/items";
import {
  type ChangeOutcome,
  discardDraft,
  type Edition,
  editionToken,
  type ItemState,
  parseEdition,
  publish,
  restore,
  saveDraft,
  versionsOf,
} from "~/content/store.server";
import { itemState } from "~/content/store.server";
import type { Staff } from "~/lib/staff";
import { formSchemaOf, formValueOf, itemValueOf } from "./form-schema";
import { crossItemErrors } from "./cross-checks.server";
import { echoesOf } from "./echoes.server";
import { leaves } from "./leaves";
import { fieldErrorsOf, readFormValue } from "./form-value";
import { arrange } from "./schema-form";

/** What the page says above a form drawn from a post held while its person signed in again. */
export const heldNotice =
  "Your changes from before you were signed out are below, not saved yet. Save or publish them.";

/**
 * A form posted after its person's session ended, held while they signed in again, read back as
 * typed: the form shows it, and nothing is saved until they press a button. It keeps the edition
 * it was posted with, so a change someone else made in between is still met as a conflict. A post
 * with no edition was not this page's form, and discarding or restoring carries nothing typed:
 * neither is shown (the page is drawn as it is, its buttons there to press again).
 */
function heldForm(item: ContentItemDefinition, form: FormData | undefined) {
  if (!form) return undefined;
  const edition = parseEdition(form.get("edition"));
  const intent = form.get("intent");
  if (!edition || intent === "discard" || intent === "restore") return undefined;
  return { value: readFormValue(formSchemaOf(item.schema), form), edition: editionToken(edition), message: heldNotice };
}

/**
 * What the item's page is drawn from; with `held`, a form posted here before a sign-in, which the
 * page shows in place of the stored value, under `heldNotice`.
 */
/** Every upload, as a file field lists it: its name, size and day, the newest first. */
async function uploadChoices(): Promise<UploadChoices> {
  const choices: { manual: Array<{ value: string; label: string }>; photo: Array<{ value: string; label: string }> } = {
    manual: [],
    photo: [],
  };
  for (const upload of await listUploads()) {
    const what =
      upload.kind === "manual"
        ? `${upload.pages ?? 0} page${upload.pages === 1 ? "" : "s"}`
        : `${upload.width} × ${upload.height}`;
    choices[upload.kind].push({
      value: upload.id,
      label: `${upload.name} (${what}, ${formatFileSize(upload.size)}, ${upload.uploadedAt.slice(0, 10)})`,
    });
  }
  return choices;
}

export async function itemPage(key: string, held?: FormData) {
  const item = contentItem(key);
  const state = item ? await itemState(key) : undefined;
  if (!item || !state) throw data("No such content item.", { status: 404 });
  return {
    key,
    title: item.title,
    pages: item.pages,
    state: {
      published: state.published,
      draft: state.draft,
      edition: editionToken(state.edition),
    },
    value: state.draft?.body ?? state.published.body,
    uploads: await uploadChoices(),
    held: heldForm(item, held),
    versions: await versionsOf(key),
    // The draft's changes (or, with none, the last publish's) still written in other items.
    echoes: {
      ofDraft: state.draft !== undefined,
      list: await echoesOf(key, state.draft?.body, state.published),
    },
  };
}

/** Another editor's change met on saving: who, when, and the fields where theirs differs from what was sent. */
export interface Conflict {
  by: string;
  at: string;
  /** Each field where theirs differs from what was sent: its text in theirs, or null where theirs has no such field. */
  fields: Array<{ path: string; theirs: string | null }>;
}

export type ItemAnswer =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      errors: Record<string, string>;
      value: unknown;
      /** The edition the form carries from now on (moved on after a conflict, so a second save is a choice). */
      edition: string;
      /** The list instruction just applied (the form moves focus to what it changed). */
      arranged?: string;
      conflict?: Conflict;
    };

/** Each leaf of a form's value as the form shows it: an empty place as "". */
function fieldTexts(value: unknown): Map<string, string> {
  const found = new Map<string, string>();
  for (const [path, leaf] of leaves(value)) found.set(path, leaf === null || leaf === undefined ? "" : String(leaf));
  return found;
}

function conflictOf(item: ContentItemDefinition, state: ItemState, mine: unknown): Conflict {
  const theirs = formValueOf(item.schema, state.draft?.body ?? state.published.body);
  const by = state.draft ? state.draft.by : state.published.by;
  const at = state.draft ? state.draft.at : state.published.at;
  const mineLeaves = fieldTexts(mine);
  const theirLeaves = fieldTexts(theirs);
  const fields: Conflict["fields"] = [...theirLeaves]
    .filter(([path, text]) => mineLeaves.get(path) !== text)
    .map(([path, text]) => ({ path, theirs: text }));
  for (const path of mineLeaves.keys()) if (!theirLeaves.has(path)) fields.push({ path, theirs: null });
  return { by, at, fields };
}

function refused(
  message: string,
  status: number,
  value: unknown,
  edition: Edition | string,
  extra: { errors?: Record<string, string>; conflict?: Conflict; arranged?: string } = {},
) {
  const answer: ItemAnswer = {
    ok: false,
    message,
    errors: extra.errors ?? {},
    value,
    edition: typeof edition === "string" ? edition : editionToken(edition),
    ...(extra.conflict ? { conflict: extra.conflict } : {}),
    ...(extra.arranged ? { arranged: extra.arranged } : {}),
  };
  return data(answer, { status });
}

function afterChange(
  item: ContentItemDefinition,
  outcome: ChangeOutcome,
  value: unknown,
  edition: Edition,
  done: (state: ItemState) => ItemAnswer | Response,
): ItemAnswer | Response | ReturnType<typeof refused> {
  if (outcome.ok) return done(outcome.state);
  if (outcome.reason === "missing") throw data("No such content item.", { status: 404 });
  if (outcome.reason === "refused") return refused(outcome.message, 400, value, edition);
  return refused(
    "Someone else changed this item while you were editing. Nothing was overwritten: your version is below, with their changes listed.",
    409,
    value,
    outcome.state.edition,
    { conflict: conflictOf(item, outcome.state, value) },
  );
}

/**
 * An editor's post on an item's page: arrange the form's lists, save the draft, preview it,
 * publish it, discard it, or restore an earlier version. Every refusal keeps what was typed.
 */
export async function answerItemPost(key: string, formData: FormData, staff: Staff) {
  const item = contentItem(key);
  if (!item) throw data("No such content item.", { status: 404 });
  const edition = parseEdition(formData.get("edition"));
  const intent = formData.get("intent");
  const instruction = formData.get("_arrange");
  const formSchema = formSchemaOf(item.schema);
  // What was typed, as the form holds it (a list item's entries under `entries`).
  const value = intent === "restore" || intent === "discard" ? undefined : readFormValue(formSchema, formData);
  if (!edition) return refused("The form is out of date. Reload the page and try again.", 400, value, "0.0");

  if (typeof instruction === "string" && instruction) {
    // Adding, removing or moving an entry only redraws the form; nothing is saved.
    return refused("", 200, arrange(value, instruction, formSchema), edition, { arranged: instruction });
  }

  switch (intent) {
    case "save":
    case "preview":
    case "publish":
      return saveOrPublish(item, intent, value, edition, staff);
    case "discard": {
      const outcome = await discardDraft(key, edition, staff);
      return afterChange(item, outcome, value, edition, () => ({
        ok: true,
        message: "Draft discarded: the form shows what is published.",
      }));
    }
    case "restore": {
      const version = Number(formData.get("version"));
      if (!Number.isInteger(version) || version < 1)
        return refused("Choose a version to restore.", 400, value, edition);
      const outcome = await restore(key, version, edition, staff);
      return afterChange(item, outcome, value, edition, (state) => ({
        ok: true,
        message: `Version ${version} restored: it is published as version ${state.published.version}.`,
      }));
    }
    default:
      return refused("That action is not known here. Reload the page and try again.", 400, value, edition);
  }
}

async function saveOrPublish(
  item: ContentItemDefinition,
  intent: "save" | "preview" | "publish",
  value: unknown,
  edition: Edition,
  staff: Staff,
) {
  const parsed = formSchemaOf(item.schema).safeParse(value);
  if (!parsed.success) {
    const verb = intent === "publish" ? "published" : "saved";
    return refused(`Nothing was ${verb}: see the fields below.`, 400, value, edition, {
      errors: fieldErrorsOf(parsed.error, value),
    });
  }
  if (intent === "publish") {
    const itemValue = itemValueOf(item.schema, parsed.data);
    const crossErrors = await crossItemErrors(item.key, itemValue);
    if (Object.keys(crossErrors).length > 0)
      return refused("Nothing was published: see the fields below.", 400, value, edition, { errors: crossErrors });
    const outcome = await publish(item.key, itemValue, edition, staff);
    return afterChange(item, outcome, value, edition, (state) => ({
      ok: true,
      message: `Published as version ${state.published.version}: every page shows it within seconds.`,
    }));
  }
  const outcome = await saveDraft(item.key, itemValueOf(item.schema, parsed.data), edition, staff);
  return afterChange(item, outcome, value, edition, () =>
    intent === "preview"
      ? redirectDocument(`/admin/content/${encodeURIComponent(item.key)}/preview`)
      : { ok: true, message: "Draft saved. Nobody outside the admin sees it until it is published." },
  );
}
