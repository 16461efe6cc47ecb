import { useNavigation } from "react-router";

/**
 * Whether the page's form posting this `intent` is being sent (a page with several forms);
 * with `fields`, only the form that also posts those values (one job's button among many).
 */
export function useIntentBusy(intent: string, fields: Record<string, string> = {}): boolean {
  const navigation = useNavigation();
  const sent = navigation.state === "submitting" ? navigation.formData : undefined;
  return sent?.get("intent") === intent && Object.entries(fields).every(([name, value]) => sent.get(name) === value);
}
