/** A form's answers in, one message per field with a mistake out (empty when all is well). */
export type Check = (values: Record<string, unknown>) => Record<string, string>;

export interface LazyCheck {
  /** Starts loading the check (a form calls it when first touched); resolves once it can run. */
  load(): Promise<Check>;
  /** The check, once loaded (or found unloadable: then one that finds nothing); undefined before. */
  readonly ready: Check | undefined;
}

/**
 * A form's browser-side check, loaded when the form is first used rather than with the page: the
 * schemas and Zod are a fifth of a page's JavaScript, and most visits never fill in a form. The
 * server checks every submission with the same schema whatever happens here, so if the check
 * cannot be loaded (the connection dropped), the form is sent and the server answers.
 */
export function lazyCheck(load: () => Promise<{ check: Check }>): LazyCheck {
  let ready: Check | undefined;
  let pending: Promise<Check> | undefined;
  return {
    load() {
      pending ??= load().then(
        (module) => (ready = module.check),
        () => (ready = () => ({})),
      );
      return pending;
    },
    get ready() {
      return ready;
    },
  };
}

/**
 * For a form's submit handler: the check, when it can run now. When it is still loading (a form sent within moments of opening the page, as autofill does), the
 * submission is held, and sent again through the same button once the check has run, so the
 * handler sees it a second time with the check ready.
 */
export function checkOnSubmit(event: React.FormEvent<HTMLFormElement>, check: LazyCheck): Check | undefined {
  if (check.ready) return check.ready;
  event.preventDefault();
  const form = event.currentTarget;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  void check.load().then(() => form.requestSubmit(submitter?.isConnected ? submitter : undefined));
  return undefined;
}
