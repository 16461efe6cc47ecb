import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first image rather than with the server: its native module is about a
 * third of a second of every start (each server process, each test's server), for the few
 * requests that carry a photo or a document.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then((m) => m.default);
  return loading;
}
