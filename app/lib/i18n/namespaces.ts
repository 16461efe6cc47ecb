import type { Messages } from "./translate";

/**
 * A catalogue key's namespace is its first segment ("homes" in "homes.search.label"). Pages
 * receive the texts of the namespaces they use, not the whole catalogue: each route module
 * declares its own in `handle.messages` (checked against what it imports by
 * namespaces.test.ts), and every page gets the shell's.
 */
export type Namespace = keyof Messages extends infer K ? (K extends `${infer N}.${string}` ? N : never) : never;

/** What every page shows: header, footer, language picker, error pages, toasts. */
export const SHELL_NAMESPACES = ["shell", "nav", "footer", "language", "error", "notFound", "toast"] as const satisfies readonly Namespace[];

/**
 * A namespace, or a part of one: `provider.account` is the keys that start so (and their plural
 * forms), for a page that reads a few texts of a large namespace.
 */
export type MessagesPart = Namespace | `${Namespace}.${string}`;

/**
 * A route module's `handle`: the namespaces (or parts) its components read, besides the shell's; and
 * `noindex` on a page search engines are not to index (its meta says robots noindex too), so the
 * document names no canonical address nor versions for it (search-engine-links.server.ts): a function of
 * the route's loader data when only some of its pages are (a list's later pages).
 */
export type MessagesHandle = { messages: readonly MessagesPart[]; noindex?: true | ((data: unknown) => boolean) };

export const namespaceOf = (key: string) => key.slice(0, key.indexOf("."));

const picked = new WeakMap<Messages, Map<string, Messages>>();

/** Whether a catalogue key is in a part (`provider.account`): the key itself, below it, or a plural form of it. */
export const inPart = (key: string, part: string) => key === part || key.startsWith(`${part}.`) || key.startsWith(`${part}#`);

/**
 * The part of a catalogue in the given namespaces and parts of namespaces. Typed as the whole
 * catalogue: a key outside them is a route that forgot to declare it, and translates to the key
 * itself.
 */
export function pickMessages(messages: Messages, parts: Iterable<MessagesPart>): Messages {
  const wanted = [...new Set<string>([...SHELL_NAMESPACES, ...parts])].sort();
  const id = wanted.join(",");
  let byId = picked.get(messages);
  if (!byId) picked.set(messages, (byId = new Map()));
  let subset = byId.get(id);
  if (!subset) {
    const whole = new Set(wanted.filter((part) => !part.includes(".")));
    const some = wanted.filter((part) => part.includes("."));
    subset = Object.fromEntries(
      Object.entries(messages).filter(([key]) => whole.has(namespaceOf(key)) || some.some((part) => inPart(key, part))),
    ) as Messages;
    byId.set(id, subset);
  }
  return subset;
}
