import { greetingForHour } from "../../../../shared/greeting";
import { formatLongDate } from "../../../lib/format";

export interface GreetingProps {
  firstName: string;
  /** Company name, or a label such as « Administration de la plateforme ». */
  context: string | null;
  now?: Date;
}

/** « Bonjour Jean » by local hour (spec 1 §2), with today's date. The page's h1. */
export function Greeting({ firstName, context, now = new Date() }: GreetingProps) {
  const date = formatLongDate(now);
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-[1.75rem]">
        {greetingForHour(now.getHours())} {firstName}
      </h1>
      <p className="text-sm text-muted-foreground">
        <span className="capitalize">{date}</span>
        {context && <> · {context}</>}
      </p>
    </div>
  );
}
