import type { LoginBody } from "@shared/auth";
import { Logo } from "@web/components/logo";
import {
  BadgeCheck,
  CalendarDays,
  FileText,
  ShieldCheck,
  Smartphone,
  Star,
  TrendingUp,
  UsersRound,
} from "lucide-react";
import { LoginForm } from "./login-form";

const TRUST_BADGES = [
  { label: "Sécurisé", detail: "Accès protégé", icon: ShieldCheck },
  { label: "Croissance", detail: "Pilotez votre CA", icon: TrendingUp },
  { label: "Multi-équipes", detail: "Toutes vos équipes", icon: UsersRound },
  { label: "Pro", detail: "Devis et factures", icon: BadgeCheck },
] as const;

const HIGHLIGHTS = [
  { text: "Devis et factures professionnels en quelques clics", icon: FileText },
  { text: "Planning des équipes et suivi des chantiers", icon: CalendarDays },
  { text: "Sur ordinateur comme sur le chantier, même hors ligne", icon: Smartphone },
] as const;

export interface LoginPageProps {
  onSubmit: (values: LoginBody) => Promise<void>;
}

/** The sign-in screen (docs/domain/auth.md#sign-in): hero, form, trust badges and social proof. Light: no images. */
export function LoginPage({ onSubmit }: LoginPageProps) {
  return (
    <main className="min-h-dvh bg-background lg:grid lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)]">
      <section
        aria-labelledby="login-hero-title"
        className="surface-dark relative overflow-hidden bg-sidebar px-6 pt-8 pb-16 text-white sm:px-10 lg:flex lg:flex-col lg:justify-between lg:px-14 lg:py-12"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_90%_0%,rgb(249_115_22/0.16),transparent_40%),radial-gradient(circle_at_0%_100%,rgb(99_102_241/0.5),transparent_60%),radial-gradient(circle_at_100%_100%,rgb(67_56_202/0.35),transparent_50%)]"
        />
        <div className="relative flex flex-col gap-6 lg:gap-10">
          <Logo tone="light" markClassName="size-9" />
          <div className="flex max-w-xl flex-col gap-3 lg:gap-5">
            <h1
              id="login-hero-title"
              className="text-2xl font-semibold leading-tight tracking-tight sm:text-3xl lg:text-[2.75rem] lg:leading-[1.1]"
            >
              L'ERP qui propulse votre activité d'artisan
            </h1>
            <p className="text-[0.9375rem] text-[#c9cbee] lg:text-lg">
              Clients, devis, chantiers, planning et factures&nbsp;: pilotez toute votre entreprise depuis un seul
              outil.
            </p>
          </div>
          <ul className="hidden flex-col gap-4 lg:flex">
            {HIGHLIGHTS.map(({ text, icon: Icon }) => (
              <li key={text} className="flex items-center gap-3 text-[#e4e5fa]">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  <Icon aria-hidden="true" className="size-[1.125rem] text-[#fdba74]" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative mt-10 hidden text-sm text-[#b7b9e4] lg:block">
          © Propulse — L’ERP des artisans du bâtiment
        </p>
      </section>

      <section
        aria-labelledby="login-title"
        className="relative -mt-8 flex flex-col items-center px-4 pb-10 sm:px-6 lg:mt-0 lg:justify-center lg:py-12"
      >
        <div className="w-full max-w-[26rem] rounded-xl border border-border bg-card p-6 shadow-elevated sm:p-8 lg:shadow-card">
          <div className="mb-6 flex flex-col gap-1.5">
            <h2 id="login-title" className="text-xl font-semibold tracking-tight">
              Connexion
            </h2>
            <p className="text-sm text-muted-foreground">Accédez à votre espace Propulse.</p>
          </div>
          <LoginForm onSubmit={onSubmit} />
        </div>

        <ul aria-label="Nos engagements" className="mt-5 grid w-full max-w-[26rem] grid-cols-2 gap-2.5">
          {TRUST_BADGES.map(({ label, detail, icon: Icon }) => (
            <li key={label} className="flex items-center gap-3 rounded-lg border border-border bg-card px-3 py-2.5">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary-soft">
                <Icon aria-hidden="true" className="size-4 text-primary" />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="text-[0.8125rem] font-semibold leading-tight">{label}</span>
                <span className="truncate text-xs text-muted-foreground">{detail}</span>
              </span>
            </li>
          ))}
        </ul>

        <p className="mt-6 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-sm text-muted-foreground">
          <span className="flex text-[#ea580c]" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <Star key={i} aria-hidden="true" className="size-4 fill-current" />
            ))}
          </span>
          <span>
            Rejoignez les <strong className="font-semibold text-foreground">+1500 artisans</strong> qui nous font
            confiance
          </span>
        </p>
      </section>
    </main>
  );
}
