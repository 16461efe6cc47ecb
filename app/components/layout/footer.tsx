import { href, Link } from "react-router";
import type { MessageKey } from "~/lib/i18n/translate";
import { useRootData, useT } from "~/lib/i18n/use-t";

type FooterLink = { to: string; key: MessageKey };

const GROUPS: { title: MessageKey; links: FooterLink[] }[] = [
  {
    title: "footer.quickLinks",
    links: [
      { to: href("/services"), key: "nav.services" },
      { to: href("/cars"), key: "nav.cars" },
      { to: href("/homes"), key: "nav.homes" },
      { to: href("/request"), key: "nav.request" },
      { to: href("/become-a-provider"), key: "footer.becomeProvider" },
    ],
  },
  {
    title: "footer.company",
    links: [
      { to: href("/about"), key: "footer.about" },
      { to: href("/contact"), key: "footer.contact" },
      { to: href("/reviews"), key: "footer.reviews" },
    ],
  },
  {
    title: "footer.legal",
    links: [
      { to: href("/legal"), key: "footer.legalCenter" },
      { to: href("/legal/terms"), key: "footer.terms" },
      { to: href("/legal/privacy"), key: "footer.privacy" },
      { to: href("/legal/reviews-policy"), key: "footer.reviewsPolicy" },
      { to: href("/legal/provider-guidelines"), key: "footer.providerGuidelines" },
    ],
  },
];

export const SOCIAL_LINKS = [
  { name: "Instagram", url: "https://www.instagram.com/gtaconnect", path: "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm6-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z" },
  { name: "Facebook", url: "https://www.facebook.com/gtaconnect", path: "M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8Z" },
  { name: "X", url: "https://x.com/gtaconnect", path: "M4 4l7.5 9.5L4 20h2l6.4-5.4L17 20h3l-7.8-10L19 4h-2l-5.8 4.9L7 4H4Z" },
  { name: "LinkedIn", url: "https://www.linkedin.com/company/gtaconnect", path: "M4 9h4v11H4V9Zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm4 6h4v1.6c.6-1 1.9-1.9 3.8-1.9 3.2 0 4.2 2 4.2 5.3V20h-4v-5.3c0-1.5-.3-2.7-1.9-2.7-1.7 0-2.1 1.2-2.1 2.7V20h-4V9Z" },
] as const;

export function SocialLinks() {
  return (
    <ul className="flex gap-3">
      {SOCIAL_LINKS.map((s) => (
        <li key={s.name}>
          <a
            href={s.url}
            rel="noopener noreferrer"
            target="_blank"
            className="flex size-9 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-teal-700 hover:text-white"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
              <path d={s.path} />
            </svg>
            <span className="sr-only" translate="no">{s.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const t = useT();
  const { supportEmail, year } = useRootData();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <p className="text-sm">{t("footer.tagline")}</p>
          <h2 className="sr-only">{t("footer.social")}</h2>
          <SocialLinks />
          <p className="text-sm">
            {t("footer.support")}:{" "}
            <a className="underline hover:text-white" href={`mailto:${supportEmail}`} translate="no">
              {supportEmail}
            </a>
          </p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
            <h2 id={`footer-${group.title}`} className="text-sm font-semibold tracking-wide text-white uppercase">
              {t(group.title)}
            </h2>
            <ul className="mt-4 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs sm:flex-row sm:justify-between">
          <p>{t("footer.serviceArea")}</p>
          <p>{t("footer.copyright", { year })}</p>
        </div>
      </div>
    </footer>
  );
}
