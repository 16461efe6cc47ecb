import { useRef, useState } from "react";
import { useT } from "~/lib/i18n/use-t";
import type { GalleryImage } from "~/modules/homes/views";
import { HouseIcon } from "./listing-labels";

/** A horizontal swipe of at least this many pixels changes the photo. */
const SWIPE_PX = 40;

/**
 * The listing's photos: one large image and a row of thumbnails. Thumbnails are buttons in one
 * tab stop (roving tabindex): arrow keys, Home and End move between them and show the photo.
 * Previous/next buttons sit on the large image, which also follows a swipe (pointer events,
 * so touch, pen and mouse drags alike). Before JavaScript the first photo shows.
 */
export function Gallery({ images, title }: { images: readonly GalleryImage[]; title: string }) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const total = images.length;

  if (total === 0) {
    return (
      <div className="flex aspect-[3/2] w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-slate-500">
        <HouseIcon className="size-12" />
        <span className="text-sm">{t("homes.noPhotos")}</span>
      </div>
    );
  }
  const index = Math.min(current, total - 1);
  const image = images[index]!;
  const show = (next: number, focus = false) => {
    const i = (next + total) % total;
    setCurrent(i);
    if (focus) thumbs.current[i]?.focus();
  };

  const onThumbKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: total - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, true);
  };

  return (
    <section aria-roledescription={t("homes.galleryRole")} aria-label={t("homes.gallery")}>
      <div
        className="relative overflow-hidden rounded-xl bg-slate-100 select-none"
        style={{ touchAction: "pan-y" }}
        onPointerDown={(event) => {
          if (event.pointerType === "mouse" && event.button !== 0) return;
          swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          const start = swipe.current;
          swipe.current = null;
          if (!start || start.id !== event.pointerId) return;
          const dx = event.clientX - start.x;
          const dy = event.clientY - start.y;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) show(dx < 0 ? index + 1 : index - 1);
        }}
        onPointerCancel={() => (swipe.current = null)}
      >
        <img
          key={image.src}
          src={image.src}
          alt={t("homes.photoAlt", { title, n: index + 1, total })}
          width={image.width}
          height={image.height}
          draggable={false}
          fetchPriority={index === 0 ? "high" : undefined}
          className="aspect-[3/2] w-full object-cover"
        />
        {total > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              aria-label={t("homes.previousPhoto")}
              className="absolute top-1/2 left-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              aria-label={t("homes.nextPhoto")}
              className="absolute top-1/2 right-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
            >
              <Chevron direction="right" />
            </button>
            <p aria-live="polite" className="absolute right-3 bottom-3 rounded-full bg-slate-900/75 px-2.5 py-1 text-xs font-medium text-white">
              {t("homes.photoCount", { n: index + 1, total })}
            </p>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <div role="group" aria-label={t("homes.thumbnails")} className="mt-3 flex gap-2 overflow-x-auto pb-1" onKeyDown={onThumbKey}>
          {images.map((img, i) => (
            <button
              key={`${i}-${img.src}`}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              tabIndex={i === index ? 0 : -1}
              aria-label={t("homes.showPhoto", { n: i + 1, total })}
              aria-pressed={i === index}
              onClick={() => show(i)}
              className="shrink-0 overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-teal-600"
            >
              <img src={img.thumb} alt="" width={120} height={80} loading="lazy" decoding="async" className="h-16 w-24 object-cover sm:h-20 sm:w-28" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      {direction === "left" ? (
        <path fillRule="evenodd" d="M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z" clipRule="evenodd" />
      ) : (
        <path fillRule="evenodd" d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
      )}
    </svg>
  );
}
