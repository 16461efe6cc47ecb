import type { Migration } from "kysely";
import * as m0001 from "./0001-foundation";
import * as m0002 from "./0002-accounts";
import * as m0003 from "./0003-requests";
import * as m0004 from "./0004-homes";
import * as m0005 from "./0005-mail-recipient-index";
import * as m0006 from "./0006-rate-limits";
import * as m0007 from "./0007-contact-requests";
import * as m0008 from "./0008-request-data";
import * as m0009 from "./0009-providers";
import * as m0010 from "./0010-back-office";
import * as m0011 from "./0011-reviews";
import * as m0012 from "./0012-listing-moderation";
import * as m0013 from "./0013-data-exports";
import * as m0014 from "./0014-consents";
import * as m0016 from "./0016-provider-jobs";
import * as m0017 from "./0017-invites-availability";
import * as m0018 from "./0018-mail-recipients-and-secrets";
import * as m0019 from "./0019-request-submission-key";
import * as m0020 from "./0020-document-renewals";
import * as m0021 from "./0021-account-links";
import * as m0022 from "./0022-mail-failed-at";
import * as m0023 from "./0023-provider-service-catalogue";
import * as m0024 from "./0024-customer-cancellations";
import * as m0025 from "./0025-locked-recipient-count";
import * as m0026 from "./0026-quotes";
import * as m0027 from "./0027-customer-reschedule-proposals";
import * as m0028 from "./0028-late-cancel-windows";
import * as m0029 from "./0029-home-type-index";
import * as m0030 from "./0030-quote-appointment";
import * as m0031 from "./0031-mail-preferences";
import * as m0032 from "./0032-text-languages";

/**
 * Every migration, in order. Listed by hand (not read from disk) so the same list works in the
 * production bundle, in tests and in scripts. Names are permanent once released.
 */
export const migrations: Record<string, Migration> = {
  "0001-foundation": m0001,
  "0002-accounts": m0002,
  "0003-requests": m0003,
  "0004-homes": m0004,
  "0005-mail-recipient-index": m0005,
  "0006-rate-limits": m0006,
  "0007-contact-requests": m0007,
  "0008-request-data": m0008,
  "0009-providers": m0009,
  "0010-back-office": m0010,
  "0011-reviews": m0011,
  "0012-listing-moderation": m0012,
  "0013-data-exports": m0013,
  "0014-consents": m0014,
  "0016-provider-jobs": m0016,
  "0017-invites-availability": m0017,
  "0018-mail-recipients-and-secrets": m0018,
  "0019-request-submission-key": m0019,
  "0020-document-renewals": m0020,
  "0021-account-links": m0021,
  "0022-mail-failed-at": m0022,
  "0023-provider-service-catalogue": m0023,
  "0024-customer-cancellations": m0024,
  "0025-locked-recipient-count": m0025,
  "0026-quotes": m0026,
  "0027-customer-reschedule-proposals": m0027,
  "0028-late-cancel-windows": m0028,
  "0029-home-type-index": m0029,
  "0030-quote-appointment": m0030,
  "0031-mail-preferences": m0031,
  "0032-text-languages": m0032,
};
