import { useNavigation } from "react-router";

/** Whether the page's form posting this `intent` is being sent (a page with several forms). */
export function useIntentBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}
