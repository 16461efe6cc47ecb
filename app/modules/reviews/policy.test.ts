import { describe, expect, it } from "vitest";
import { COMMUNITY_REVIEWS } from "../../../db/seed/data";
import { type PolicyProblem, policyProblem } from "./policy";

/**
 * The Reviews Policy's machine checks, as a table: what people really type to pass on contact
 * details or advertise, and the ordinary prose around numbers, streets and dots that must pass.
 */
const REFUSED: [text: string, problem: PolicyProblem][] = [
  // Emails, plain and spelled out.
  ["Great job, write to jane.doe@gmail.com for details", "email"],
  ["Contact: JANE_DOE+jobs@Example.CA", "email"],
  ["jane at gmail dot com if you want his number", "email"],
  ["jane [at] gmail (dot) com", "email"],
  ["reach him: mike＠hotmail.com", "email"],
  // North American phone shapes.
  ["Call him at 416-555-0142, he is great", "phone"],
  ["His number is (416) 555-0142.", "phone"],
  ["416.555.0142 for quotes", "phone"],
  ["text 416 555 0142 anytime", "phone"],
  ["4165550142", "phone"],
  ["+1 416 555 0142", "phone"],
  ["1-800-555-0199 is the office", "phone"],
  ["+1 (647) 555-0199", "phone"],
  ["his cell is 555-0142", "phone"],
  // International shapes.
  ["+44 20 7946 0958", "phone"],
  ["+33 1 23 45 67 89", "phone"],
  ["+55 (11) 91234-5678 no WhatsApp", "phone"],
  ["0044 20 7946 0958", "phone"],
  ["+351 912 345 678", "phone"],
  ["call +61412345678", "phone"],
  // Street addresses.
  ["He came to 12 Elm Street on time", "address"],
  ["Our office at 100 King St W was cleaned", "address"],
  ["the house on 55 Queen's Park Cres looks new", "address"],
  ["Meet at 2200 Yonge St.", "address"],
  ["12 rue Saint-Denis, Montréal", "address"],
  ["45 avenida Paulista", "address"],
  ["I live in Unit 4 of the building", "address"],
  ["Apt. 1203, great view", "address"],
  ["postal code M5X 1C9", "address"],
  // Links and advertising.
  ["See https://example.com/plumber for more", "link"],
  ["www.bestplumbers.ca has the prices", "link"],
  ["book through bestplumber.ca instead", "link"],
  ["Use promo code SAVE20 at checkout", "promotion"],
  ["DM me for a cheaper price", "promotion"],
  ["Contact me on WhatsApp", "promotion"],
  ["click here to win", "promotion"],
  // Repeated text.
  ["great great great great service", "repeated"],
  ["Amazing!!!!!!!!!!!!!!", "repeated"],
  ["Best plumber ever. Best plumber ever. Best plumber ever.", "repeated"],
  ["good good good job job nice nice good job nice good job nice nice good good job", "repeated"],
];

const ACCEPTED: string[] = [
  "The handyman arrived at 9:30 and was done in 2 hours.",
  "We paid $150 for 3 rooms, which was fair.",
  "I have used them every spring from 2019 to 2024.",
  "They fixed 2 leaks and 1 broken tap in our 3 bathroom house.",
  "Queen Street East's cafés are close, and the cleaner knew the area well.",
  "It took 20-30 minutes longer than quoted.",
  "Five stars! Friendly, on time and tidy.",
  "The driver waited at Pearson Terminal 1 for 45 minutes after we landed.",
  "They didn't call me back for two days, but the work was good.",
  "It was great.Me and my wife were happy.",
  "Price was $1,250 for the whole move, 10/10 would book again.",
  "We booked on 2025-10-04 and they came on 2025-10-07.",
  "Ratings: punctuality 5, quality 4, value 5.",
  "Très bon service, arrivé à l'heure et très poli.",
  "Serviço excelente, chegou na hora e deixou tudo limpo.",
];

describe("policyProblem", () => {
  it.each(REFUSED)("refuses %j as %s", (text, problem) => {
    expect(policyProblem(text)).toBe(problem);
  });
  it.each(ACCEPTED)("accepts %j", (text) => {
    expect(policyProblem(text)).toBeNull();
  });
  it("accepts every seeded community review", () => {
    for (const r of COMMUNITY_REVIEWS) expect(policyProblem(r.comment), r.comment).toBeNull();
  });
});
