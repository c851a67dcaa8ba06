/** A form's answers in, one message per field with a mistake out (empty when all is well). */
export type Check = (values: Record<string, unknown>) => Record<string, string>;

export interface LazyCheck {
  /** Starts loading the check; resolves once it can run. */
  load(): Promise<Check>;
  /** For the form's onFocus: starts loading the check and whatever else answering the form needs. */
  prepare(): void;
  /** The check, once loaded (or found unloadable: then one that finds nothing); undefined before. */
  readonly ready: Check | undefined;
}

/**
 * A form's browser-side check, loaded when the form is first used rather than with the page: the
 * schemas and Zod are a fifth of a page's JavaScript, and most visits never fill in a form. The
 * server checks every submission with the same schema whatever happens here, so if the check
 * cannot be loaded (the connection dropped), the form is sent and the server answers.
 */
export function lazyCheck(load: () => Promise<{ check: Check }>, alsoPrepare: () => void = () => {}): LazyCheck {
  let ready: Check | undefined;
  let pending: Promise<Check> | undefined;
  const loadCheck = () => {
    pending ??= load().then(
      (module) => (ready = module.check),
      () => (ready = () => ({})),
    );
    return pending;
  };
  return {
    load: loadCheck,
    prepare() {
      void loadCheck();
      alsoPrepare();
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
