import { href, Link } from "react-router";
import { SearchIcon } from "~/components/search/search-box";
import { CardLink, cardPhotoLoading, LinkCard } from "~/components/ui/link-card";
import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";
import { SEARCH_INPUT_ID } from "./service-search";

/** What a category card needs (the rest of a category stays on the server). */
export type CategoryCardData = { slug: string; title: string; shortDescription: string; heroImage: string };

/**
 * One category in the grid. The title is the link (stretched over the whole card), so the
 * link's accessible name is just the title and the image is decorative.
 */
/** `place`: the card's index in the grid (see cardPhotoLoading). */
export function CategoryCard({ category, place }: { category: CategoryCardData; place: number }) {
  const t = useT();
  return (
    <LinkCard>
      <img
        src={category.heroImage}
        alt=""
        width={400}
        height={225}
        {...cardPhotoLoading(place)}
        decoding="async"
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-semibold text-slate-900">
          <CardLink to={href("/services/:slug", { slug: category.slug })}>{category.title}</CardLink>
        </h2>
        <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{category.shortDescription}</p>
        <span aria-hidden="true" className="mt-4 text-sm font-semibold text-teal-700 group-hover:underline">
          {t("services.viewCta")} →
        </span>
      </div>
    </LinkCard>
  );
}

/**
 * The grid's trailing card. A plain link to the search box (works before JavaScript loads);
 * once hydrated it also moves focus into the box, which a fragment jump alone does not do.
 */
export function SomethingElseCard({ onActivate }: { onActivate: () => void }) {
  const t = useT();
  return (
    <li className="relative flex flex-col items-center justify-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-8 text-center transition-colors hover:border-teal-600 hover:bg-teal-50/50 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-teal-600">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-teal-100 text-teal-800">
        <SearchIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-teal-800">
        <a
          href={`#${SEARCH_INPUT_ID}`}
          onClick={(event) => {
            event.preventDefault();
            onActivate();
          }}
          className="after:absolute after:inset-0 focus-visible:outline-none"
        >
          {t("services.somethingElse")}
        </a>
      </h2>
      <p className="mt-2 max-w-xs text-sm text-slate-600">{t("services.somethingElseText")}</p>
    </li>
  );
}

/** The no-results view's "popular services": compact links to the first categories. */
export function PopularServices({ categories }: { categories: readonly CategoryCardData[] }) {
  const t = useT();
  return (
    <Section id="popular-services" title={t("services.popular")} titleClassName="text-lg font-semibold">
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={href("/services/:slug", { slug: category.slug })}
              className="card flex items-center gap-4 p-3 transition-shadow hover:shadow-md"
            >
              <img
                src={category.heroImage}
                alt=""
                width={96}
                height={54}
                loading="lazy"
                decoding="async"
                className="aspect-video w-24 shrink-0 rounded-md bg-slate-100 object-cover"
              />
              <span className="font-medium text-slate-900">{category.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
