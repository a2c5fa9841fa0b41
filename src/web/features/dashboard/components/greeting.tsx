import { formatWeekdayDate } from "@shared/format";
import { greetingForHour } from "@shared/greeting";

export interface GreetingProps {
  firstName: string;
  /** Company name, or a label such as « Administration de la plateforme ». */
  context: string | null;
  now?: Date;
}

/** « Bonjour Jean » by local hour (docs/domain/shell.md#home), with today's date. The page's h1. */
export function Greeting({ firstName, context, now = new Date() }: GreetingProps) {
  const longDate = formatWeekdayDate(now);
  // « Dimanche 22 novembre 2026 »: only the first letter is capitalised in French.
  const date = longDate.charAt(0).toUpperCase() + longDate.slice(1);
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-[1.75rem]">
        {greetingForHour(now.getHours())} {firstName}
      </h1>
      <p className="text-sm text-muted-foreground">
        {date}
        {context && <> · {context}</>}
      </p>
    </div>
  );
}
