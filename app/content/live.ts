/**
 * How every page reads the site's content: each content module declares its items here with
 * `defineContent(key, initial)` and exports what it returns. A page reads `company.phone` as it
 * always did; the value comes from where the content lives now, which the page never knows.
 *
 * - On the server the source is the published content held in memory (app/content/store.server.ts),
 *   or, for one request, a staff member's draft being previewed.
 * - In the browser it is the initial value, overridden by the items the root loader says were
 *   published since (only the ones that differ, so a fresh site sends nothing more).
 * - With no source (a unit test, the build), it is the initial value written in app/content.
 *
 * An item is an object or an array, read through a proxy each time a property is read, so a value
 * must not be copied out at module load: what a module derives from content is a function.
 *
 * Plain TypeScript with no imports: the browser's frame reads it.
 */

/** Where pages read content from: an item's value (undefined: its initial one), and the items that differ from it. */
export interface ContentSource {
  read(key: string): unknown;
  changed(): Record<string, unknown> | undefined;
}

const initialValues = new Map<string, unknown>();
let source: ContentSource | undefined;

/** What a page reads for `key` right now. */
function currentValue(key: string): unknown {
  return source?.read(key) ?? initialValues.get(key);
}

function readOnly(key: string): never {
  throw new TypeError(`Content "${key}" is read-only here; it is changed by publishing it in the admin.`);
}

/**
 * Declares a content item with its initial value (what a fresh site shows) and returns the value
 * pages read. The key names it in the database and the admin, and never changes.
 *
 * An initial value written with another item's values (the product's name in a sentence) is given
 * as a function: it is called with the initial values alone, whatever is published. A module may
 * first run after the source is set (a page's code the browser loads on its way to another page),
 * and its initial value must still be the one the server compares with, or the browser would draw
 * another text than the server sent.
 */
export function defineContent<T extends object>(key: string, initial: T | (() => T)): T {
  if (initialValues.has(key)) throw new Error(`Content "${key}" is defined twice.`);
  const value = typeof initial === "function" ? asWritten(initial) : initial;
  initialValues.set(key, value);
  const live = () => currentValue(key) as T;
  return new Proxy(value, {
    get: (_target, property) => Reflect.get(live(), property),
    has: (_target, property) => Reflect.has(live(), property),
    ownKeys: () => Reflect.ownKeys(live()),
    getOwnPropertyDescriptor: (_target, property) => Reflect.getOwnPropertyDescriptor(live(), property),
    set: () => readOnly(key),
    defineProperty: () => readOnly(key),
    deleteProperty: () => readOnly(key),
  });
}

/** What `write` returns when every item reads its initial value. */
function asWritten<T>(write: () => T): T {
  const current = source;
  source = undefined;
  try {
    return write();
  } finally {
    source = current;
  }
}

/** The key of every item declared so far, in the order the modules declared them. */
export function contentKeys(): string[] {
  return [...initialValues.keys()];
}

/** An item's initial value, as written in app/content (the first version of every item). */
export function initialContent(key: string): unknown {
  if (!initialValues.has(key)) throw new Error(`No content item "${key}".`);
  return initialValues.get(key);
}

/** Where content is read from from now on (undefined: the initial values). */
export function setContentSource(next: ContentSource | undefined) {
  source = next;
}

/**
 * The items of `values` whose value differs from the initial one: what the browser needs to draw
 * the same page the server drew. Undefined on a site whose content was never changed.
 */
export function differingContent(values: ReadonlyMap<string, unknown>): Record<string, unknown> | undefined {
  let changed: Record<string, unknown> | undefined;
  for (const [key, value] of values) {
    const initial = initialValues.get(key);
    if (initial !== undefined && !sameValue(value, initial)) (changed ??= {})[key] = value;
  }
  return changed;
}

/** Whether two JSON values hold the same, whatever the order of an object's fields. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** The items the current source has changed (the root loader sends them to the browser). */
export function changedContent(): Record<string, unknown> | undefined {
  return source?.changed();
}

/** In the browser: read the items the server sent (see `changedContent`), the initial value for the rest. */
export function readChangedContent(changed: Record<string, unknown> | undefined) {
  setContentSource(changed ? { read: (key) => changed[key], changed: () => changed } : undefined);
}
