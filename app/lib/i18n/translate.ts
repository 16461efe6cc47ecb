import type { en } from "./messages/en";

export type Messages = { readonly [K in keyof typeof en]: string };
export type MessageKey = keyof Messages;
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** `{name}` placeholders are filled from params; unknown placeholders stay visible. */
export function createTranslate(messages: Messages, defaults: MessageParams = {}): Translate {
  return (key, params) => {
    const template = messages[key] ?? key;
    const values = { ...defaults, ...params };
    return template.replace(/\{(\w+)\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
  };
}
