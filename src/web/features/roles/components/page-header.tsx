import { PageHeader } from "@web/components/ui/page-header";
import type { ReactNode } from "react";

/** The top of a role page: the way back, the title and what it is about. */
export function RolePageHeader({
  backTo,
  backLabel,
  title,
  subtitle,
  action,
}: {
  backTo: string;
  backLabel: string;
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <PageHeader
      back={{ to: backTo, label: backLabel }}
      title={title}
      titleClassName="break-words"
      subtitle={subtitle}
      actions={action}
    />
  );
}
