import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { useToast } from "~/components/toaster";
import { useHydratingRender } from "~/lib/adopt-page-value";
import { useT } from "~/lib/i18n/use-t";
import {
  ACCEPTED_PHOTO_MIME,
  applyPhotoOp,
  parsePhotoOp,
  PHOTO_ERROR_KEYS,
  type PhotoError,
  type PhotoOp,
  type PhotoRefusal,
  precheckPhotos,
} from "~/modules/homes/wizard";
import { MAX_LISTING_PHOTOS } from "~/modules/site/constants";

export type WizardPhoto = { id: string; url: string; width: number; height: number };
type PhotoActionData = { photoError?: PhotoError; photosRefused?: PhotoRefusal[]; photosAdded?: number };

/**
 * The Photos step: choose (or drop) JPEG/PNG files, see them at once (local previews while they
 * upload, then the stored card image), reorder with Move up / Move down and remove them.
 * Everything is a plain form post without JavaScript; with it, uploads start on selection and
 * photo changes go through fetchers, shown before the server answers.
 */
export function WizardPhotos({
  photos,
  field,
  serverError,
  serverRefused = [],
}: {
  photos: WizardPhoto[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the photos list field
  field: FieldMetadata<any>;
  serverError: PhotoError | null;
  /** The files of the last batch that were refused, by name (the others were stored). */
  serverRefused?: PhotoRefusal[];
}) {
  const t = useT();
  const { toast } = useToast();
  const upload = useFetcher<PhotoActionData>({ key: "listing-photo-upload" });
  const ops = useFetcher<PhotoActionData>({ key: "listing-photo-ops" });
  const [hydrated, setHydrated] = useState(false);
  const [previews, setPreviews] = useState<{ url: string; name: string }[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const focusNext = useRef<{ id: string; op: PhotoOp["op"] } | null>(null);

  /** Each refused file by its name, or the batch's one reason. */
  const refusalText = (code: PhotoError, refused: PhotoRefusal[] = []) =>
    refused.length
      ? refused.map((r) => t("wizard.photos.notAdded", { name: r.name, reason: t(PHOTO_ERROR_KEYS[r.error].text) }))
      : [t(PHOTO_ERROR_KEYS[code].text)];
  const showError = (code: PhotoError, refused?: PhotoRefusal[]) => {
    toast({ title: t(PHOTO_ERROR_KEYS[code].title), description: refusalText(code, refused).join(" "), variant: "destructive" });
  };

  const fromServer = useHydratingRender();
  useEffect(() => {
    setHydrated(true);
    // Photos chosen while the page was loading are in the input, not uploaded: upload them now,
    // as a choice made a moment later would be (else the step says "0 photos" over chosen files).
    if (fromServer && inputRef.current?.files?.length) chooseFiles(inputRef.current.files);
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (serverError) showError(serverError, serverRefused);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverError]);

  // An upload is done (and the page's data reloaded): the stored photos replace the previews.
  useEffect(() => {
    if (upload.state !== "idle") return;
    setPreviews((current) => {
      current.forEach((p) => URL.revokeObjectURL(p.url));
      return [];
    });
    if (upload.data?.photoError) showError(upload.data.photoError, upload.data.photosRefused);
    if (upload.data?.photosAdded) setAnnouncement(t("wizard.photos.added", { count: upload.data.photosAdded }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upload.state, upload.data]);

  useEffect(() => {
    if (ops.state === "idle" && ops.data?.photoError) showError(ops.data.photoError);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ops.state, ops.data]);

  const pending = ops.state !== "idle" ? parsePhotoOp(ops.formData?.get("intent")) : null;
  const shown = applyPhotoOp(photos, pending);
  const order = shown.map((p) => p.id).join(",");

  // Keyboard users keep their place: after a move the same button (or its pair) has focus; after
  // a removal, the next photo's Remove button, or the file picker.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const byId = (id: string) => document.getElementById(id) as HTMLButtonElement | null;
    if (target.op === "remove") {
      const next = shown.find((p) => p.id === target.id) ?? shown[0];
      (next ? byId(`photo-remove-${next.id}`) : inputRef.current)?.focus();
      return;
    }
    const same = byId(`photo-${target.op}-${target.id}`);
    (same && !same.disabled ? same : byId(`photo-${target.op === "up" ? "down" : "up"}-${target.id}`))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);

  const busy = upload.state !== "idle";
  const count = shown.length + previews.length;

  function chooseFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = "";
    if (files.length === 0) return;
    const problem = precheckPhotos(files, count);
    if (problem) {
      showError(problem);
      return;
    }
    const body = new FormData();
    body.set("intent", "upload");
    body.set("js", "1");
    for (const file of files) body.append("files", file);
    setPreviews(files.map((file) => ({ url: URL.createObjectURL(file), name: file.name })));
    void upload.submit(body, { method: "post", action: href("/homes/new"), encType: "multipart/form-data" });
  }

  function runOp(event: React.MouseEvent<HTMLButtonElement>, op: PhotoOp, index: number) {
    event.preventDefault();
    if (ops.state !== "idle" || busy) return;
    focusNext.current =
      op.op === "remove" ? { id: shown[index + 1]?.id ?? shown[index - 1]?.id ?? "", op: "remove" } : { id: op.photoId, op: op.op };
    setAnnouncement(
      op.op === "remove" ? t("wizard.photos.removed") : t("wizard.photos.moved", { n: op.op === "up" ? index : index + 2 }),
    );
    void ops.submit({ intent: `${op.op}:${op.photoId}`, js: "1" }, { method: "post", action: href("/homes/new") });
  }

  const hintId = `${field.id}-hint`;
  const describedBy = [hintId, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  const serverMessage = serverError ? PHOTO_ERROR_KEYS[serverError] : null;

  return (
    <div className="space-y-5">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          chooseFiles(e.dataTransfer.files);
        }}
        className={`rounded-xl border-2 border-dashed p-6 text-center transition-colors ${
          dragging ? "border-teal-600 bg-teal-50" : "border-slate-300 bg-slate-50"
        }`}
      >
        <div aria-hidden="true" className="mx-auto flex size-12 items-center justify-center rounded-full bg-white text-teal-700 shadow-sm">
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="1.8" />
            <path d="m21 16-5-5-8 8" />
          </svg>
        </div>
        <label htmlFor={field.id} className="mt-3 block font-semibold text-slate-900">
          {t("wizard.photos.choose")} <span className="font-normal text-slate-600">{t("wizard.photos.dropHint")}</span>
        </label>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {t("wizard.photos.hint")} {t("wizard.photos.privacy")}
        </p>
        <input
          ref={inputRef}
          id={field.id}
          type="file"
          name="files"
          accept={ACCEPTED_PHOTO_MIME.join(",")}
          multiple
          aria-describedby={describedBy}
          aria-invalid={field.errors?.length ? true : undefined}
          disabled={hydrated && (busy || count >= MAX_LISTING_PHOTOS)}
          onChange={(e) => chooseFiles(e.currentTarget.files)}
          className="mx-auto mt-4 block w-full max-w-sm cursor-pointer text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-teal-700 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-60"
        />
        {/* Without JavaScript the files go up with this button (or with any other one). */}
        <button type="submit" name="intent" value="upload" formNoValidate className={`btn-secondary mt-4 ${hydrated ? "hidden" : ""}`}>
          {t("wizard.photos.upload")}
        </button>
      </div>

      {serverMessage ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{t(serverMessage.title)}</p>
          {serverRefused.length ? (
            <ul>
              {refusalText(serverError!, serverRefused).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>{t(serverMessage.text)}</p>
          )}
        </div>
      ) : null}

      <div className="flex items-center justify-between">
        <h3 className="text-base font-semibold">{t("wizard.photos.yours")}</h3>
        <p className="text-sm text-slate-600">{t("wizard.photos.count", { count, max: MAX_LISTING_PHOTOS })}</p>
      </div>

      {count === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t("wizard.photos.empty")}</p>
      ) : (
        <ol aria-label={t("wizard.photos.listLabel")} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {shown.map((photo, i) => {
            const n = i + 1;
            return (
              <li key={photo.id} className="group relative overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                <input type="hidden" name="photos" value={photo.id} />
                <div className="relative aspect-[4/3] bg-slate-100">
                  <img
                    src={photo.url}
                    alt={t("wizard.photos.alt", { n })}
                    width={photo.width}
                    height={photo.height}
                    className="absolute inset-0 size-full object-cover"
                  />
                  <span className="absolute top-2 left-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-semibold text-white">
                    {n === 1 ? t("wizard.photos.cover") : n}
                  </span>
                </div>
                <div className="flex items-center justify-between gap-1 p-1.5">
                  <div className="flex gap-1">
                    <PhotoButton
                      id={`photo-up-${photo.id}`}
                      value={`up:${photo.id}`}
                      label={t("wizard.photos.moveUp", { n })}
                      disabled={i === 0}
                      onClick={(e) => runOp(e, { op: "up", photoId: photo.id }, i)}
                    >
                      <path d="M12 19V5m-6 6 6-6 6 6" />
                    </PhotoButton>
                    <PhotoButton
                      id={`photo-down-${photo.id}`}
                      value={`down:${photo.id}`}
                      label={t("wizard.photos.moveDown", { n })}
                      disabled={i === shown.length - 1}
                      onClick={(e) => runOp(e, { op: "down", photoId: photo.id }, i)}
                    >
                      <path d="M12 5v14m6-6-6 6-6-6" />
                    </PhotoButton>
                  </div>
                  <PhotoButton
                    id={`photo-remove-${photo.id}`}
                    value={`remove:${photo.id}`}
                    label={t("wizard.photos.remove", { n })}
                    danger
                    onClick={(e) => runOp(e, { op: "remove", photoId: photo.id }, i)}
                  >
                    <path d="M4 7h16M10 11v6m4-6v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
                  </PhotoButton>
                </div>
              </li>
            );
          })}
          {previews.map((preview) => (
            <li key={preview.url} className="relative overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm" aria-busy="true">
              <div className="relative aspect-[4/3] bg-slate-100">
                <img src={preview.url} alt={t("wizard.photos.previewAlt", { name: preview.name })} className="absolute inset-0 size-full object-cover opacity-60" />
                <span className="absolute inset-0 flex items-center justify-center">
                  <span className="rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-slate-800 shadow">{t("wizard.photos.uploading")}</span>
                </span>
              </div>
              <p className="truncate p-2 text-xs text-slate-600">{preview.name}</p>
            </li>
          ))}
        </ol>
      )}
      {field.errors?.length ? (
        <p id={field.errorId} className="field-error">
          {field.errors[0]}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {busy ? t("wizard.photos.uploading") : announcement}
      </p>
    </div>
  );
}

function PhotoButton({
  id,
  value,
  label,
  disabled,
  danger,
  onClick,
  children,
}: {
  id: string;
  value: string;
  label: string;
  disabled?: boolean;
  danger?: boolean;
  onClick: (event: React.MouseEvent<HTMLButtonElement>) => void;
  children: React.ReactNode;
}) {
  return (
    <button
      id={id}
      type="submit"
      name="intent"
      value={value}
      formNoValidate
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex size-9 items-center justify-center rounded-md border border-transparent disabled:cursor-not-allowed disabled:opacity-30 ${
        danger ? "text-red-700 hover:bg-red-50" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </svg>
    </button>
  );
}
