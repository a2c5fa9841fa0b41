import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";
import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";

/** A password field with an accessible show/hide toggle. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? "text" : "password"} className={cn("pr-12", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Masquer le mot de passe" : "Afficher le mot de passe"}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-[1.125rem]" />
        ) : (
          <Eye aria-hidden="true" className="size-[1.125rem]" />
        )}
      </button>
    </div>
  );
}
