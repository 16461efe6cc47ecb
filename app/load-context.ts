import "react-router";
import type { SessionUser } from "./lib/auth/session";
import type { RenderedPageLookup } from "./lib/http/rendered-pages.server";
import type { MessagesPart } from "./lib/i18n/namespaces";

// Module augmentation needs an interface (a type alias cannot merge).
declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy's script-src. */
    cspNonce: string | undefined;
    /** This request's id (X-Request-Id, the log lines of its work): shown on the error page. */
    requestId: string | undefined;
    /** The client's address as Express sees it, for rate limits. */
    clientIp: string;
    /** The catalogue namespaces (or parts) the requested page's routes declare (page-namespaces.server.ts). */
    messageNamespaces: readonly MessagesPart[];
    /** Runs work once the response has been written (app/lib/after-response.server.ts). */
    afterResponse: (task: () => Promise<unknown>) => void;
    /**
     * Set only while a signed-in page is made for anyone (signed-in-pages.server.ts): the root
     * shows this stand-in, whose fields are holes filled per request, instead of reading a session.
     */
    standInUser?: SessionUser;
    /** Set by entry.server.tsx's handleError: a loader or action could not reach the database (answered 503). */
    databaseUnavailable?: boolean;
    /** Set by entry.server.tsx's handleError: the disk was full for a write (answered 507). */
    storageFull?: boolean;
    /** Lent to a page's render by the page handler: pages kept until their data changes (rendered-pages.server.ts). */
    renderedPages?: RenderedPageLookup;
  }
}

export {};
