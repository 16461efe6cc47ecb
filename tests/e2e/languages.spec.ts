import { expect, type Page, test } from "./fixtures";
import { expectToast, signUpAndVerify, torontoDate, uniqueAccount, waitForEmail, waitForHydration } from "./support";

/**
 * The issue 15 acceptance in a browser: choosing Français (Canada) turns the site French — the
 * home hero, navigation, a service page, a car request form's messages and toast, a booking's
 * confirmation email — and a reload and a new tab keep it; /fr/services opens in French by its
 * address and names its versions (hreflang); Spanish and Portuguese on a smaller set of pages.
 */
/** The picker's summary is named by the current language, in it ("Langue : Français (Canada)"). */
async function chooseLanguage(page: Page, label: string) {
  const banner = page.getByRole("banner");
  await banner.getByLabel(/^(Language|Idioma|Langue)\s?:/).click();
  await banner.getByRole("button", { name: label, exact: true }).click();
}

const nav = (page: Page) => page.getByRole("banner").getByRole("navigation").first();

test("choosing Français (Canada) turns pages, forms, toasts and emails French, across reloads and tabs", async ({ page, context }) => {
  test.setTimeout(120_000);
  // An account first (its forms are checked in English elsewhere), then the language.
  const account = uniqueAccount("langue", "Zoé Tremblay");
  await signUpAndVerify(page, account);
  await page.goto("/");
  await waitForHydration(page);
  await chooseLanguage(page, "FR (Canada)");
  await expect(page.getByRole("region", { name: /Notifications \(F8\)/ }).getByText(/^Langue choisie\s:\sFrançais \(Canada\)$/)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Services, voitures et logements");
  await expect(nav(page).getByRole("link", { name: "Voitures" })).toBeVisible();

  // A reload and a new tab keep it.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Services, voitures et logements");
  const tab = await context.newPage();
  await tab.goto("/services/handyman");
  await expect(tab.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Services d'homme à tout faire");
  await tab.close();

  // A car request form: its messages and toast in French.
  await page.goto("/cars/request?type=airport-transfer");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("button", { name: "Soumettre la demande" }).click();
  await expectToast(page, "Renseignements manquants", "Veuillez remplir tous les champs obligatoires.", { destructive: true });
  await expect(page.getByRole("main").getByText(/^Le champ «\sAéroport\s» est obligatoire\.$/)).toBeVisible();

  // A booking: its confirmation email is written in French.
  await page.goto("/services/handyman");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "Réserver un homme à tout faire" }).click();
  const dialog = page.getByRole("dialog", { name: "Demander une réservation" });
  await dialog.getByRole("textbox", { name: /^Secteur \/ quartier/ }).fill("Plateau");
  await dialog.getByLabel(/^Date souhaitée/).fill(torontoDate(3));
  await dialog.getByLabel(/^Heure souhaitée/).fill("10:00");
  await dialog.getByRole("button", { name: "Soumettre la demande" }).click();
  // The dialog ends on its receipt, in French (issue 49 item 5).
  await expect(dialog.getByRole("heading", { name: "Demande reçue!" })).toBeVisible();
  const mail = await waitForEmail((m) => m.to.includes(account.email) && m.subject.startsWith("Nous avons reçu votre demande — GTA-"), {
    message: "the French confirmation",
  });
  // Its status link opens in the French URL space.
  expect(mail.text).toMatch(/\/fr\/requests\/[\w-]{20,}/);
});

test("/fr/services opens in French by its address and names its versions in every language", async ({ page }) => {
  await page.goto("/fr/services");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(nav(page).getByRole("link", { name: "Voitures" })).toHaveAttribute("href", "/fr/cars");
  // The unprefixed URL follows the visitor's language: it is x-default, not en-US (issue 30).
  for (const [lang, path] of [["es", "/es/services"], ["fr-CA", "/fr/services"], ["pt-BR", "/pt/services"], ["x-default", "/services"]]) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute("href", new RegExp(`${path}$`));
  }
  await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/fr\/services$/);
  // Navigating stays in the French space.
  await waitForHydration(page);
  await nav(page).getByRole("link", { name: "Voitures" }).click();
  await expect(page).toHaveURL(/\/fr\/cars$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
});

for (const [prefix, lang, cars, hero] of [
  ["/es", "es", "Autos", "Servicios, autos y viviendas"],
  ["/pt", "pt-BR", "Carros", "Serviços, carros e imóveis"],
] as const) {
  test(`${prefix}: the home page and the picker in ${lang}`, async ({ page }) => {
    await page.goto(prefix);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(hero);
    await expect(nav(page).getByRole("link", { name: cars })).toHaveAttribute("href", `${prefix}/cars`);
    // The picker leads to the same page in English, unprefixed.
    await waitForHydration(page);
    await chooseLanguage(page, "EN (English US)");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  });
}
