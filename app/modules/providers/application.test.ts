import { describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/messages/en";
import { createTranslate } from "~/lib/i18n/translate";
import {
  applicableDocumentFields,
  applicableValues,
  applicationSchema,
  documentProblem,
  documentSignatureProblem,
  KEPT_FILE,
  refusalToast,
  withPrefilledLicenseType,
} from "./application";
import {
  licensedServices,
  offerableServices,
  prefilledLicenseType,
  PROVIDER_SERVICES,
  servicePagesFor,
  shownServices,
} from "./catalogue";

const t = createTranslate(en, { brand: "GTA Connect" });
const schema = applicationSchema(t);
const file = (name = "id.png", type = "image/png", size = 1000) =>
  new File([new Uint8Array(size)], name, { type });

const VALID = {
  fullName: "Ada Lovelace",
  email: "Ada@Example.com",
  phone: "416 555 0100",
  address: "1 Bloor St W, Toronto",
  serviceArea: "Toronto, Vaughan, , Toronto",
  services: ["handyman"],
  workStatus: "citizen",
  confirmEligibility: "on",
  govIdFileFront: file(),
  idType: "passport",
  idNumber: "AB123456",
  idExpiry: "2099-01-01",
  agreeToPolicies: "on",
  consentToChecks: "on",
};
const errors = (input: Record<string, unknown>) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("provider application schema", () => {
  it("accepts a complete application and keeps only what applies", () => {
    const r = schema.parse(VALID);
    const v = applicableValues(r);
    expect(v.email).toBe("ada@example.com");
    expect(v.serviceAreas).toEqual(["Toronto", "Vaughan"]);
    expect(v.licenseType).toBeNull();
    expect(v.workPermitExpiry).toBeNull();
    expect(applicableDocumentFields(r)).toEqual(["govIdFileFront"]);
  });

  it("takes a document the server holds from a refused post (kept.<field>) in place of a file", () => {
    const { govIdFileFront: _front, ...rest } = VALID;
    expect(errors(rest).govIdFileFront).toBe("Please upload the front of your government ID.");
    const r = schema.parse({ ...rest, govIdFileFront: file("", "", 0), kept: { govIdFileFront: "pdf:passport.pdf" } });
    expect(r.govIdFileFront).toBe(KEPT_FILE);
    expect(applicableDocumentFields(r)).toEqual(["govIdFileFront"]);
    // Not a reference the server writes: no document.
    expect(errors({ ...rest, kept: { govIdFileFront: "exe:x" } }).govIdFileFront).toBe("Please upload the front of your government ID.");
    // A file chosen again wins over the kept one.
    expect(schema.parse({ ...VALID, kept: { govIdFileFront: "pdf:old.pdf" } }).govIdFileFront).toBeInstanceOf(File);
  });

  it("reads a file's first bytes as the server does: PNG, JPEG and PDF pass, text named .jpg does not", () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    expect(documentSignatureProblem(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBeNull();
    expect(documentSignatureProblem(bytes(0xff, 0xd8, 0xff, 0xe0))).toBeNull();
    expect(documentSignatureProblem(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(documentSignatureProblem(new TextEncoder().encode("not a photo"))).toBe("unsupported");
    expect(documentSignatureProblem(bytes())).toBe("unsupported");
  });

  it("gives every spec message for an empty form", () => {
    expect(errors({})).toEqual({
      fullName: "Please enter your full name.",
      email: "Please enter a valid email.",
      phone: "Please enter a valid phone number.",
      address: "Please enter your address.",
      serviceArea: "Please add at least one service area.",
      workStatus: "Please select your work status.",
      confirmEligibility: "Please confirm your authorization to work.",
      govIdFileFront: "Please upload the front of your government ID.",
      idType: "Please select an ID type.",
      idNumber: "Please enter your ID number.",
      services: "Please select at least one service (max 5).",
      agreeToPolicies: "You must agree to the policies to continue.",
      consentToChecks: "You must consent to the verification checks to continue.",
    });
  });

  it("shows the conditional messages together with the others", () => {
    const e = errors({ services: ["roofing"], workStatus: "employer_permit", idType: "drivers_license" });
    expect(e.licenseFile).toContain("A valid license is required");
    expect(e.workPermitFile).toBe("Please upload your work permit.");
    expect(e.idExpiry).toBe("Please provide your ID expiry date.");
    expect(e.fullName).toBe("Please enter your full name.");
  });

  it("needs a service or a custom service, and at most five", () => {
    expect(errors({ ...VALID, services: [] }).services).toBe("Please select at least one service (max 5).");
    expect(errors({ ...VALID, services: [], customService: "Pool cleaning" })).toEqual({});
    expect(
      errors({ ...VALID, services: ["handyman", "cleaning", "gardening", "moving", "painting", "tutoring"] })
        .services,
    ).toBe("Please select a maximum of 5 services.");
    expect(errors({ ...VALID, email: "ada@" }).email).toBe("Please enter a valid email.");
    expect(errors({ ...VALID, serviceArea: " , ," }).serviceArea).toBe(
      "Please add at least one service area.",
    );
  });

  it("asks for the licence fields when a selected service needs a licence", () => {
    expect(errors({ ...VALID, services: ["handyman", "plumbing"] })).toEqual({
      licenseType: "Please enter the license type.",
      licenseNumber: "Please enter the license number.",
      licenseRegion: "Please enter the issuing region.",
      licenseExpiry: "Please enter the license expiry date.",
      licenseFile:
        "A valid license is required for the service(s) you selected. Please add your license details and upload a clear image or PDF.",
    });
    const licence = {
      licenseType: "Trade/Plumber License",
      licenseNumber: "P-1",
      licenseRegion: "Ontario",
      licenseExpiry: "2099-08-31",
      licenseFile: file("l.pdf", "application/pdf"),
    };
    expect(errors({ ...VALID, services: ["plumbing"], ...licence })).toEqual({});
    expect(
      errors({ ...VALID, services: ["plumbing"], ...licence, licenseExpiry: "2001-01-01" }).licenseExpiry,
    ).toBe("Please choose today or a later date.");
    // Licence answers for services that need none are not kept.
    expect(applicableValues(schema.parse({ ...VALID, ...licence })).licenseNumber).toBeNull();
  });

  it("asks for the work permit only for open and employer-specific permits", () => {
    for (const workStatus of ["open_permit", "employer_permit"]) {
      expect(errors({ ...VALID, workStatus })).toEqual({
        workPermitExpiry: "Please provide your permit expiry date.",
        workPermitFile: "Please upload your work permit.",
      });
    }
    for (const workStatus of ["citizen", "pr", "other"]) expect(errors({ ...VALID, workStatus })).toEqual({});
  });

  it("needs an ID expiry unless the ID is a national ID", () => {
    expect(errors({ ...VALID, idExpiry: undefined }).idExpiry).toBe("Please provide your ID expiry date.");
    expect(errors({ ...VALID, idType: "drivers_license", idExpiry: undefined }).idExpiry).toBe(
      "Please provide your ID expiry date.",
    );
    expect(errors({ ...VALID, idType: "national_id", idExpiry: undefined })).toEqual({});
    expect(applicableValues(schema.parse({ ...VALID, idType: "national_id" })).idExpiry).toBeNull();
  });

  it("refuses files over 10 MB and of other types by what the browser says (the server reads the bytes)", () => {
    expect(
      errors({ ...VALID, govIdFileFront: file("big.pdf", "application/pdf", 10 * 1024 * 1024 + 1) })
        .govIdFileFront,
    ).toBe("File must be under 10MB.");
    expect(errors({ ...VALID, govIdFileFront: file("a.gif", "image/gif") }).govIdFileFront).toBe(
      "Please upload a PNG, JPG, or PDF.",
    );
    expect(documentProblem({ name: "scan.JPG", type: "", size: 10 })).toBeNull();
  });
});

describe("a refused application", () => {
  it("toasts the refused file's problem, a sixth service, or 'Incomplete Form'", () => {
    expect(refusalToast({ govIdFileBack: ["File must be under 10MB."] }, t)).toEqual({
      title: "File too large",
      text: "File must be under 10MB.",
    });
    expect(
      refusalToast({ fullName: ["x"], licenseFile: ["Please upload a PNG, JPG, or PDF."] }, t).title,
    ).toBe("Unsupported file type");
    expect(refusalToast({ services: ["Please select a maximum of 5 services."] }, t)).toEqual({
      title: "Maximum services reached",
      text: "You can select up to 5 services.",
    });
    expect(refusalToast({ address: ["Please enter your address."] }, t)).toEqual({
      title: "Incomplete Form",
      text: "Please review the errors and try again.",
    });
  });
  it("comes back with the licence type prefilled, unless one was typed", () => {
    expect(withPrefilledLicenseType({ services: ["handyman", "roofing"] }).licenseType).toBe(
      "Contractor License",
    );
    expect(withPrefilledLicenseType({ services: "hvac" }).licenseType).toBe("HVAC Technician License");
    expect(withPrefilledLicenseType({ services: ["hvac"], licenseType: "Mine" }).licenseType).toBe("Mine");
    expect(withPrefilledLicenseType({ services: ["handyman"] }).licenseType).toBeUndefined();
  });
});

describe("provider catalogue", () => {
  it("has 18 services, 7 with a licence; the licence type comes from the first licensed service", () => {
    expect(PROVIDER_SERVICES).toHaveLength(18);
    expect(licensedServices(["handyman", "hvac", "plumbing"]).map((s) => s.slug)).toEqual([
      "plumbing",
      "hvac",
    ]);
    expect(prefilledLicenseType(["handyman", "hvac", "plumbing"])).toBe("Trade/Plumber License");
    expect(prefilledLicenseType(["handyman"])).toBe("");
  });
  it("offers approved services, a licensed one only with its licence, and finds the service pages", () => {
    expect(offerableServices(["plumbing", "handyman", "bogus"], true)).toEqual(["handyman", "plumbing"]);
    expect(offerableServices(["plumbing", "handyman"], false)).toEqual(["handyman"]);
    expect(shownServices(["plumbing", "salon-beauty", "handyman"], ["handyman", "plumbing"])).toEqual(["handyman", "plumbing"]);
    expect(servicePagesFor(["plumbing", "car-chauffeur", "handyman"])).toEqual([
      "car-rental",
      "handyman",
      "plumbing",
    ]);
  });
});
