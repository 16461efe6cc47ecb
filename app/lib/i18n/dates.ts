import { useMemo } from "react";
import { useRootData } from "./use-t";

/** Dates and times as the reader's language writes them, on Toronto's clock. */
export function useDates() {
  const { contentLocale } = useRootData();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(contentLocale, { dateStyle: "medium", timeStyle: "short", timeZone: "America/Toronto" });
    const date = new Intl.DateTimeFormat(contentLocale, { dateStyle: "medium", timeZone: "America/Toronto" });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
    };
  }, [contentLocale]);
}
