import { createTranslate, type Messages, type Translate } from "./translate";

/**
 * A page's texts as one string, `key␞text␞key␞text…`, as the root loader sends them (ADR 23).
 * React Router's stream (turbo-stream) encodes an object value by value: two entries, two
 * index lookups and two JSON.stringify calls per text, ~10 % of the CPU of a signed-in page
 * with its ~170 texts, and ~12 characters of markup per text in the page. One string is one
 * native JSON.stringify, and smaller. The separator (U+241E, SYMBOL FOR RECORD SEPARATOR) is
 * in no catalogue (packed-messages.test.ts), needs no escaping in JSON, JavaScript or HTML.
 */
export type PackedMessages = string & { readonly packedMessages: unique symbol };

export const PACKED_SEPARATOR = "\u241e";

const packed = new WeakMap<Messages, PackedMessages>();

/** The texts packed (once per table: pickMessages gives each page's the same object every time). */
export function packMessages(messages: Messages): PackedMessages {
  let text = packed.get(messages);
  if (text === undefined) {
    text = Object.entries(messages).flat().join(PACKED_SEPARATOR) as PackedMessages;
    packed.set(messages, text);
  }
  return text;
}

// Bounded by what exists: one packed string per page kind and language (packMessages).
const unpacked = new Map<string, Messages>();

/** The table of packed texts (the same object for the same texts, so memoized translators stay valid). */
export function unpackMessages(text: PackedMessages): Messages {
  let table = unpacked.get(text);
  if (!table) {
    const parts = text.split(PACKED_SEPARATOR);
    table = {} as Messages;
    for (let i = 0; i < parts.length; i += 2) (table as Record<string, string>)[parts[i]!] = parts[i + 1]!;
    unpacked.set(text, table);
  }
  return table;
}

/** The translator of a page's root data, outside React too (meta functions, the error view). */
export const rootTranslate = (root: { messages: PackedMessages; brand: string; contentLocale?: string }): Translate =>
  createTranslate(unpackMessages(root.messages), { brand: root.brand }, root.contentLocale);
