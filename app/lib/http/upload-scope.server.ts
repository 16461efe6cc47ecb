import { mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { scopedValue } from "../request-scope.server";

/**
 * Where a request's uploaded files wait while its action runs: readForm streams
 * each file part to a file here instead of memory, and the folder goes when the response is done
 * (sent, failed or cut off). One folder per request, made only when a file arrives, private
 * (0700, files 0600) under `<DATA_DIR>/tmp`.
 */
type Scope = { root: string; dir?: Promise<string> };
const scopes = scopedValue<Scope>("uploads");

export function uploadScope(root: () => string) {
  let made = "";
  return (_req: Request, res: Response, next: NextFunction) => {
    const scope: Scope = { root: root() };
    if (made !== scope.root) {
      mkdirSync(scope.root, { recursive: true, mode: 0o700 });
      made = scope.root;
    }
    res.on("close", () => {
      void scope.dir?.then((dir) => rm(dir, { recursive: true, force: true })).catch(() => undefined);
    });
    scopes.run(scope, next);
  };
}

/** This request's upload folder. Outside a request (unit tests) a folder removed at exit. */
export function uploadDir(): Promise<string> {
  const scope = scopes.get();
  if (scope) return (scope.dir ??= mkdtemp(path.join(scope.root, "upload-")));
  const dir = mkdtemp(path.join(tmpdir(), "gta-upload-"));
  void dir.then((d) => process.once("exit", () => void rm(d, { recursive: true, force: true })));
  return dir;
}
