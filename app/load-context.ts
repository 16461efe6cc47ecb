import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy's script-src. */
    cspNonce: string | undefined;
  }
}

export {};
