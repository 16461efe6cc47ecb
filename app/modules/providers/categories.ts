import type { MessageKey } from "~/lib/i18n/translate";

/** The six profile categories (core.md §3: ids and labels). */
export const PROFILE_CATEGORIES = ["handyman", "cleaning", "moving", "salon", "tutoring", "events"] as const;
export type ProfileCategory = (typeof PROFILE_CATEGORIES)[number];
export const CATEGORY_LABEL_KEYS: Record<ProfileCategory, MessageKey> = {
  handyman: "provider.category.handyman",
  cleaning: "provider.category.cleaning",
  moving: "provider.category.moving",
  salon: "provider.category.salon",
  tutoring: "provider.category.tutoring",
  events: "provider.category.events",
};
export const isProfileCategory = (v: unknown): v is ProfileCategory =>
  (PROFILE_CATEGORIES as readonly unknown[]).includes(v);
