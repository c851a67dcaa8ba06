import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Form,
  type LoaderFunctionArgs,
  type RouteObject,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActionStatus } from "~/components/ui/action-status";
import { BotFields, CheckboxField, ErrorSummary, SelectField, TextArea, TextField } from "~/components/ui/field";
import { OutcomePanel } from "~/components/ui/outcome-panel";
import { contactFields } from "~/features/contact/fields";
import { ContactFormSchema } from "~/features/contact/schema";
import { orderFields } from "~/features/orders/fields";
import { OrderFields } from "~/features/orders/schema";
import { callFields, replyFields, templateFields } from "~/features/leads/fields";
import { CallSchema, ReplyEmailSchema, TemplateSchema } from "~/features/leads/reply-schema";
import { reviewFields } from "~/features/reviews/fields";
import { ReviewSchema } from "~/features/reviews/schema";
import { actionDone, actionResult, answerIntent, intent, refusedAnswers } from "~/lib/admin-action";
import { setLogLevel } from "~/lib/logger.server";
import { axe as scan } from "~/lib/test-axe";
import { useTestDatabase } from "~/lib/test-database";
import { type NoticeHandle, noticeFor } from "~/lib/flash";
import { readFlash } from "~/lib/flash.server";
import { answerForm } from "~/lib/form-action.server";
import { defineFields, fieldLabels, type FormAnswer, textOf, unlabelledFields } from "~/lib/form-fields";
import { ticketField } from "~/lib/form-ticket";
import { formTickets } from "~/lib/form-ticket.server";
import { type FillStart, honeypotField } from "~/lib/forms";
import { lazyCheck } from "~/lib/lazy-check";
import { submitPublicForm } from "~/lib/public-form.server";
import { useCheckedForm } from "~/lib/use-checked-form";
import { readForm } from "~/lib/request.server";
import { fieldMistakes, lineOfText, z } from "~/lib/zod";

setLogLevel("silent");

// The panels write the HTML attribute `autofocus` on purpose (OutcomePanel): a page that arrives
// from a post without JavaScript has only that to move focus. React's development build warns.
const consoleError = console.error;
beforeAll(() => {
  console.error = (...args: unknown[]) => {
    if (String(args[0]).includes("Invalid DOM property `%s`") && args[1] === "autofocus") return;
    consoleError(...args);
  };
});
afterAll(() => {
  console.error = consoleError;
});

/*
 * A throwaway form built step by step from the README's recipe "Adding a form", then used as the
 * outside world uses a form without JavaScript: shown, sent with a mistake, corrected and sent at
 * once, sent again. Each state is checked with axe. If the recipe stops being enough to build a
 * working, accessible form, this fails.
 */

// 1. fields.ts: every field, in the form's order, with its label and longest value.
const callbackFields = defineFields({
  name: { label: "Your name", max: 80 },
  phone: { label: "Phone number", max: 40 },
  when: { label: "Best time to call" },
  consent: { label: "Privacy" },
});
type CallbackField = keyof typeof callbackFields;
const whenChoices = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
] as const;

// 2. schema.ts: exactly those fields, the limits read from them.
const CallbackSchema = z.object({
  name: lineOfText("your name", "Your name is required")
    .trim()
    .min(1, "Your name is required")
    .max(callbackFields.name.max, `Your name must be ${callbackFields.name.max} characters or fewer`),
  phone: lineOfText("the phone number", "Please enter a phone number")
    .trim()
    .min(7, "Please enter a phone number")
    .max(callbackFields.phone.max, "Please enter a phone number"),
  when: z.enum(["morning", "afternoon"], "Please choose a time"),
  consent: z.literal("on", "You must agree to the privacy policy"),
} satisfies Record<CallbackField, z.ZodType>);

// 3. check.ts: the browser's check, the same schema.
const check = (values: Record<string, unknown>) => fieldMistakes(CallbackSchema, values);

// 4. submit.server.ts: the one path of every public form (validation, rate limit, spam signals, storage).
const stored: Array<z.output<typeof CallbackSchema>> = [];
function submitCallback(form: Record<string, unknown>, clientIp: string, start: FillStart) {
  return submitPublicForm({
    kind: "message",
    schema: CallbackSchema,
    form,
    clientIp,
    start,
    text: (input) => input.name,
    store: async (input) => {
      stored.push(input);
      return String(stored.length);
    },
  });
}

// 5. callback-form.tsx: the shared pieces, labels and limits from the fields.
const labels = fieldLabels(callbackFields);
const callbackCheck = lazyCheck(async () => ({ check }));
type CallbackAnswer = FormAnswer<CallbackField, string>;

function CallbackForm({ ticket, sent, answer }: { ticket: string; sent: boolean; answer?: CallbackAnswer }) {
  const { checked, onSubmit, onFocus } = useCheckedForm(callbackCheck);
  const errors = checked?.errors ?? answer?.errors ?? {};
  const values = answer?.values ?? {};
  if (sent)
    return (
      <OutcomePanel tone="success" heading={{ id: "callback-title" }} title="We will call you" focusOnArrival>
        <p>Thank you: someone from the team will call you back.</p>
      </OutcomePanel>
    );
  return (
    <>
      <h2 id="callback-title">Ask for a call</h2>
      {answer && answer.problem !== "invalid" ? (
        <OutcomePanel tone="danger" role="alert" title="Your request was not sent." focusOnArrival>
          <p>Please try again in a moment.</p>
        </OutcomePanel>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus}>
        <ErrorSummary errors={errors} labels={labels} />
        <TextField
          name="name"
          label={labels.name}
          required
          autoComplete="name"
          maxLength={callbackFields.name.max}
          defaultValue={textOf(values.name)}
          error={errors.name}
        />
        <TextField
          name="phone"
          label={labels.phone}
          type="tel"
          required
          autoComplete="tel"
          defaultValue={textOf(values.phone)}
          error={errors.phone}
        />
        <SelectField
          name="when"
          label={labels.when}
          required
          options={whenChoices}
          placeholder="Choose a time"
          defaultValue={textOf(values.when)}
          error={errors.when}
        />
        <CheckboxField
          name="consent"
          label="I agree that these details may be used to call me back."
          defaultChecked={textOf(values.consent) === "on"}
          error={errors.consent}
        />
        <BotFields ticket={answer?.ticket ?? ticket} />
        <button type="submit">Ask for a call</button>
      </Form>
    </>
  );
}

// 6. The route: a ticket and the notice in the loader, `answerForm` as the action, the notice's words in `handle`.
async function loader({ request }: LoaderFunctionArgs) {
  return { sent: readFlash(request)?.key === "callback-sent", ticket: (await formTickets()).issue() };
}
const handle: NoticeHandle = {
  notices: { "callback-sent": () => ({ title: "Request sent", description: "We will call you back." }) },
};
const action = ({ request }: LoaderFunctionArgs) =>
  answerForm(request, {
    form: "callback-form",
    fields: callbackFields,
    submit: (form, start) => submitCallback(form, "192.0.2.7", start),
    sent: () => ({ location: "/callback?sent=1", notice: "callback-sent" }),
  });
function CallbackPage() {
  const { sent, ticket } = useLoaderData<typeof loader>();
  const answer = useActionData<CallbackAnswer>();
  return (
    <main>
      <h1>Call me back</h1>
      <CallbackForm ticket={ticket} sent={sent} answer={answer} />
    </main>
  );
}

/*
 * A throwaway staff form from the same recipe: a note on a lead. A staff form has no ticket and
 * no bot fields (staff are signed in, and the admin's layout checks that before any action), and
 * its route answers each of its intents through `answerIntent`; a refusal is the one staff shape
 * (`actionFailed`: message, field errors, values kept).
 */

// 1. fields.ts in the feature: labels and limits.
const noteFields = defineFields({
  title: { label: "Title", max: 60 },
  note: { label: "Note", max: 500 },
});

// 2. schema.ts: exactly those fields, the limits read from them.
const NoteSchema = z.object({
  title: lineOfText("the title", "Give the note a title")
    .trim()
    .min(1, "Give the note a title")
    .max(noteFields.title.max, `The title must be ${noteFields.title.max} characters or fewer`),
  note: z
    .string("Write the note")
    .trim()
    .min(1, "Write the note")
    .max(noteFields.note.max, `The note must be ${noteFields.note.max} characters or fewer`),
} satisfies Record<keyof typeof noteFields, z.ZodType>);

// 3. The feature's function the intent calls (in a *.server.ts module).
const notes: Array<z.output<typeof NoteSchema>> = [];

// 4. The form component: the status line, the error summary and the fields, labels and limits from the fields.
const noteLabels = fieldLabels(noteFields);
function NoteForm({ actionData }: { actionData: unknown }) {
  const { errors, values } = refusedAnswers(actionData);
  return (
    <>
      <ActionStatus result={actionResult(actionData, null)} />
      <ErrorSummary errors={errors} labels={noteLabels} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="add-note" />
        <TextField
          name="title"
          label={noteLabels.title}
          required
          maxLength={noteFields.title.max}
          defaultValue={values.title}
          error={errors.title}
        />
        <TextArea
          name="note"
          label={noteLabels.note}
          required
          rows={4}
          maxLength={noteFields.note.max}
          defaultValue={values.note}
          error={errors.note}
        />
        <button type="submit">Add the note</button>
      </Form>
    </>
  );
}

// 5. The route: each intent with its schema, fields, refusal message and what it does.
const noteAction = async ({ request }: LoaderFunctionArgs) =>
  answerIntent(await readForm(request), {
    "add-note": intent({
      schema: NoteSchema,
      fields: noteFields,
      refused: "The note was not added: see the fields below.",
      run: (input) => {
        notes.push(input);
        return actionDone(`Note added: ${input.title}.`);
      },
    }),
  });
function NotesPage() {
  return (
    <main>
      <h1>Notes</h1>
      <NoteForm actionData={useActionData()} />
    </main>
  );
}

const routes: RouteObject[] = [
  { path: "/callback", loader, action, handle, Component: CallbackPage },
  { path: "/admin/notes", action: noteAction, Component: NotesPage },
];

/** The page as a browser without JavaScript gets it: the server's render of one request. */
async function serve(request: Request): Promise<{ status: number; html: string; response?: Response }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) return { status: context.status, html: "", response: context };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return { status: context.statusCode, html };
}

/** The page's document, and axe's violations in it. */
const axe = (html: string) => scan(html, "Call me back");

function post(body: Record<string, string>, cookie?: string, path = "/callback") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(body),
  });
}

describe("the recipe 'Adding a form'", () => {
  useTestDatabase("sqlite");

  it("gives every field of every form a label, so the error summary names each by its label", () => {
    const forms = {
      contact: unlabelledFields(Object.keys(ContactFormSchema.shape), contactFields),
      order: unlabelledFields(Object.keys(OrderFields.shape), orderFields),
      review: unlabelledFields(Object.keys(ReviewSchema.shape), reviewFields),
      reply: unlabelledFields(Object.keys(ReplyEmailSchema.shape), replyFields),
      call: unlabelledFields(Object.keys(CallSchema.shape), callFields),
      template: unlabelledFields(Object.keys(TemplateSchema.shape), templateFields),
      callback: unlabelledFields(Object.keys(CallbackSchema.shape), callbackFields),
      note: unlabelledFields(Object.keys(NoteSchema.shape), noteFields),
    };
    expect(forms).toEqual({
      contact: [],
      order: [],
      review: [],
      reply: [],
      call: [],
      template: [],
      callback: [],
      note: [],
    });
  });

  it("builds a form that works without JavaScript and passes axe in every state", async () => {
    // Shown: every control labelled, the ticket and the honeypot in place.
    const shown = await serve(new Request("http://localhost/callback"));
    expect(shown.status).toBe(200);
    const empty = await axe(shown.html);
    expect(empty.violations).toEqual([]);
    const form = empty.document.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    for (const name of Object.keys(callbackFields)) {
      const control = form.querySelector<HTMLElement>(`[name="${name}"]`)!;
      expect(form.querySelector(`label[for="${control.id}"]`)?.textContent).toContain(
        name === "consent" ? "I agree" : labels[name as CallbackField],
      );
    }
    const ticket = form.querySelector<HTMLInputElement>(`[name="${ticketField}"]`)!.value;
    expect(ticket).toMatch(/^t1\./);

    // Sent with a mistake, as autofill does within a second: 400, the summary names the field by
    // its label and links to it, what was typed is kept, and the same ticket goes on.
    const typed = { name: "Sam Jones", phone: "12", when: "morning", consent: "on", [honeypotField]: "" };
    const refused = await serve(post({ ...typed, [ticketField]: ticket }));
    expect(refused.status).toBe(400);
    const mistake = await axe(refused.html);
    expect(mistake.violations).toEqual([]);
    const summary = mistake.document.querySelector('[role="alert"]')!;
    expect(summary.textContent).toContain("Phone number: Please enter a phone number");
    expect(summary.querySelector("a")?.getAttribute("href")).toBe("#field-phone");
    expect(mistake.document.querySelector<HTMLInputElement>("#field-name")!.value).toBe("Sam Jones");
    expect(mistake.document.querySelector<HTMLInputElement>(`[name="${ticketField}"]`)!.value).toBe(ticket);
    expect(stored).toHaveLength(0);

    // Corrected and sent at once: stored, and answered with its confirmation and notice.
    const corrected = { ...typed, phone: "555 0100 200", [ticketField]: ticket };
    const sent = await serve(post(corrected));
    expect(sent.response?.status).toBe(303);
    expect(sent.response?.headers.get("Location")).toBe("/callback?sent=1");
    const cookie = sent.response!.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(stored).toEqual([{ name: "Sam Jones", phone: "555 0100 200", when: "morning", consent: "on" }]);

    // The page it lands on says so, and the route's handle words the toast.
    const landed = await serve(new Request("http://localhost/callback?sent=1", { headers: { Cookie: cookie } }));
    const confirmation = await axe(landed.html);
    expect(confirmation.violations).toEqual([]);
    expect(confirmation.document.querySelector("h2")?.textContent).toBe("We will call you");
    const flash = readFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }))!;
    expect(noticeFor([handle], flash)?.title).toBe("Request sent");

    // Sent again (a reload of the post, a double click): the same answer, nothing stored twice.
    const again = await serve(post(corrected));
    expect(again.response?.status).toBe(303);
    expect(stored).toHaveLength(1);
  });

  it("builds a staff form from the same pieces, with intents and the one refusal, that passes axe in every state", async () => {
    // Shown: every control labelled, no ticket and no honeypot (staff are signed in).
    const shown = await serve(new Request("http://localhost/admin/notes"));
    expect(shown.status).toBe(200);
    const empty = await axe(shown.html);
    expect(empty.violations).toEqual([]);
    const form = empty.document.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    for (const name of Object.keys(noteFields)) {
      const control = form.querySelector<HTMLElement>(`[name="${name}"]`)!;
      expect(form.querySelector(`label[for="${control.id}"]`)?.textContent).toContain(
        noteLabels[name as keyof typeof noteFields],
      );
    }
    expect(form.querySelector(`[name="${ticketField}"]`)).toBeNull();
    expect(form.querySelector(`[name="${honeypotField}"]`)).toBeNull();

    // Sent with a mistake: 400, the refusal's message, the summary names the field by its label
    // and links to it, and what was typed is kept (up to twice its limit).
    const long = "x".repeat(noteFields.note.max * 3);
    const refused = await serve(
      post({ intent: "add-note", title: "Called back", note: long }, undefined, "/admin/notes"),
    );
    expect(refused.status).toBe(400);
    const mistake = await axe(refused.html);
    expect(mistake.violations).toEqual([]);
    expect(mistake.document.querySelector('[role="status"]')?.textContent).toBe(
      "The note was not added: see the fields below.",
    );
    const summary = mistake.document.querySelector('[role="alert"]')!;
    expect(summary.textContent).toContain(`Note: The note must be ${noteFields.note.max} characters or fewer`);
    expect(summary.querySelector("a")?.getAttribute("href")).toBe("#field-note");
    expect(mistake.document.querySelector<HTMLInputElement>("#field-title")!.value).toBe("Called back");
    expect(mistake.document.querySelector<HTMLTextAreaElement>("#field-note")!.value).toHaveLength(
      noteFields.note.max * 2,
    );
    expect(notes).toHaveLength(0);

    // An intent the route does not have (an old page, a hand-made post): 400, nothing done.
    const unknown = await serve(
      post({ intent: "toString", title: "Called back", note: "Fine" }, undefined, "/admin/notes"),
    );
    expect(unknown.status).toBe(400);
    expect(notes).toHaveLength(0);

    // Corrected: done, and the status line says so.
    const corrected = await serve(
      post({ intent: "add-note", title: "Called back", note: "They will order next week." }, undefined, "/admin/notes"),
    );
    expect(corrected.status).toBe(200);
    const done = await axe(corrected.html);
    expect(done.violations).toEqual([]);
    expect(done.document.querySelector('[role="status"]')?.textContent).toBe("Note added: Called back.");
    expect(done.document.querySelector('[role="alert"]')).toBeNull();
    expect(notes).toEqual([{ title: "Called back", note: "They will order next week." }]);
  });
});
