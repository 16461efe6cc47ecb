import type { MessageKey, Translate } from "./translate";

/**
 * Choice values are stored as the forms' English option values ("Sedan", "3-6 months",
 * "Whole Home"); people read them in their language. Stored value → catalogue key, one table
 * for every form; a value without a key (a number, free text) is shown as stored. In English
 * each label is the stored value itself, so English pages and operator emails read as before.
 */
const CHOICE_LABEL_KEYS: Readonly<Record<string, MessageKey>> = {
  Yes: "request.yes",
  No: "request.no",
  Room: "choice.type.room",
  Studio: "choice.type.studio",
  "1BR": "choice.type.1br",
  "2BR": "choice.type.2br",
  "Whole Home": "choice.type.wholehome",
  Sublet: "choice.type.sublet",
  "Short-term": "choice.type.shortterm",
  "Sedan": "choice.vehicle.sedan",
  "SUV": "choice.vehicle.suv",
  "Van": "choice.vehicle.van",
  "Luxury": "choice.vehicle.luxury",
  "Limo": "choice.vehicle.limo",
  "Vintage": "choice.vehicle.vintage",
  "Pickup from Airport": "choice.direction.pickup",
  "Drop-off to Airport": "choice.direction.dropoff",
  "Round trip": "choice.direction.roundTrip",
  "Envelope": "choice.package.envelope",
  "Small": "choice.package.small",
  "Medium": "choice.package.medium",
  "Large": "choice.package.large",
  "Month-to-Month": "choice.stay.monthToMonth",
  "<3 months": "choice.stay.under3",
  "3-6 months": "choice.stay.3to6",
  "6-12 months": "choice.stay.6to12",
  "12+ months": "choice.stay.12plus",
  "Alberta": "choice.province.AB",
  "British Columbia": "choice.province.BC",
  "Manitoba": "choice.province.MB",
  "New Brunswick": "choice.province.NB",
  "Newfoundland and Labrador": "choice.province.NL",
  "Northwest Territories": "choice.province.NT",
  "Nova Scotia": "choice.province.NS",
  "Nunavut": "choice.province.NU",
  "Ontario": "choice.province.ON",
  "Prince Edward Island": "choice.province.PE",
  "Quebec": "choice.province.QC",
  "Saskatchewan": "choice.province.SK",
  "Yukon": "choice.province.YT",
  "Wi-Fi": "choice.amenity.wifi",
  "Parking": "choice.amenity.parking",
  "Laundry": "choice.amenity.laundry",
  "A/C": "choice.amenity.ac",
  "Heating": "choice.amenity.heating",
  "Gym": "choice.amenity.gym",
  "Pool": "choice.amenity.pool",
  "Kitchen": "choice.amenity.kitchen",
  "TV": "choice.amenity.tv",
  "Workspace": "choice.amenity.workspace",
};

/** A stored choice as its reader says it. */
export function choiceLabel(t: Translate, value: string): string {
  const key = CHOICE_LABEL_KEYS[value];
  return key ? t(key) : value;
}

/** Every stored value that has a label (for tests). */
export const LABELLED_CHOICES: readonly string[] = Object.keys(CHOICE_LABEL_KEYS);
