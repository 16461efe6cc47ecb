import { z } from "zod";
import { asDate, choice, defineKind, labelled } from "../kind";

const payload = z.object({
  listingId: z.string(),
  /** The listing as it read when the request was sent (its owner may retitle it later). */
  listing: z.string(),
  location: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  moveInDate: z.string(),
  moveOutDate: z.string().optional(),
  lengthOfStay: z.string().optional(),
  adults: z.number().optional(),
  children: z.number().optional(),
  budget: z.string().optional(),
  message: z.string(),
});

/** Request to Rent on a listing (spec: 'Home/Rental Request — {listing title} — {name}'). */
export const rentRequest = defineKind({
  name: "rent-request",
  payload,
  fields: () =>
    labelled<z.infer<typeof payload>>("request.field.", [
      "listing",
      "location",
      "fullName",
      "email",
      "phone",
      "moveInDate",
      "moveOutDate",
      "lengthOfStay",
      "adults",
      "children",
      "budget",
      "message",
    ]).map((f) => (f.name === "lengthOfStay" ? { ...f, format: choice } : f.name === "moveInDate" || f.name === "moveOutDate" ? { ...f, format: asDate } : f)),
  title: (d) => d.listing,
  titleAsWritten: true,
  contact: (d) => ({ name: d.fullName, email: d.email }),
  operatorSubject: (d) => `Home/Rental Request — ${d.listing} — ${d.fullName}`,
  confirmation: () => "request.confirm.rentRequest",
  customerFooter: "email.customer.footerRental",
  concerns: "listing",
  subject: (d) => ({ type: "listing", id: d.listingId }),
});
