import * as DialogPrimitive from "@radix-ui/react-dialog";
import { type DirtyGuard, DirtyGuardContext, DiscardChangesDialog } from "@web/components/form/dirty-guard";
import { cn } from "@web/lib/cn";
import { X } from "lucide-react";
import { Fragment, type ReactNode, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { DIALOG_CLOSE_CLASS, DIALOG_CONTENT_CLASS, DialogOverlay, popupOpenIn } from "./dialog";
import { SHEET_CLOSE_CLASS, sheetContentClass } from "./sheet";

export interface ResponsiveModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMobile: boolean;
  children: ReactNode;
  /** Classes of the centred dialog (desktop). */
  dialogClassName?: string;
  /** Classes of the sheet (mobile). */
  sheetClassName?: string;
  "aria-describedby"?: string;
  /** Keep the dialog open on a click outside (forms with unsaved input). */
  modalLock?: boolean;
  /** Called when the user chose « Abandonner » (a form's draft kept on the device is dropped). */
  onDiscard?: () => void;
}

/**
 * A centred dialog on desktop, a sheet from the bottom on mobile (client form and detail, quote dialog).
 * A form inside reports its unsaved input with `useDirtyGuard` (components/form): Escape, ✕ and the
 * form's « Annuler » then ask « Abandonner les modifications ? » first. The focus goes back to what
 * opened the modal when it closes; an element marked `data-autofocus` gets it when it opens.
 */
export function ResponsiveModal({
  open,
  onOpenChange,
  isMobile,
  children,
  dialogClassName,
  sheetClassName,
  modalLock = false,
  onDiscard,
  ...rest
}: ResponsiveModalProps) {
  const dirty = useRef(false);
  const discardHandler = useRef<(() => void) | null>(null);
  const [asking, setAsking] = useState(false);
  const changeRef = useRef(onOpenChange);
  changeRef.current = onOpenChange;

  // The opener: the element focused when the modal opened (opened from code, Radix cannot know it).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);

  const guard = useMemo<DirtyGuard>(
    () => ({
      setDirty: (next) => {
        dirty.current = next;
      },
      requestClose: () => {
        if (dirty.current) setAsking(true);
        else changeRef.current(false);
      },
      setDiscardHandler: (handler) => {
        discardHandler.current = handler;
      },
    }),
    [],
  );
  const guardedChange = (next: boolean) => {
    if (next) onOpenChange(true);
    else guard.requestClose();
  };
  const discard = () => {
    setAsking(false);
    dirty.current = false;
    discardHandler.current?.();
    onDiscard?.();
    onOpenChange(false);
  };

  const outside = modalLock ? (event: Event) => event.preventDefault() : undefined;
  const onOpenAutoFocus = (event: Event) => {
    const target = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>("[data-autofocus]");
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  const onCloseAutoFocus = (event: Event) => {
    const back = opener.current;
    opener.current = null;
    if (!back?.isConnected) return;
    event.preventDefault();
    back.focus();
  };
  const content = { onInteractOutside: outside, onOpenAutoFocus, onCloseAutoFocus, ...rest };

  return (
    <DirtyGuardContext.Provider value={guard}>
      {/* One dialog whatever the width, its frame restyled (a sheet, a centred dialog) rather than swapped:
          turning a tablet or resizing a window across 1024 px keeps the form inside, and what was typed. */}
      <DialogPrimitive.Root open={open} onOpenChange={guardedChange}>
        <DialogPrimitive.Portal>
          <DialogOverlay />
          <DialogPrimitive.Content
            className={
              isMobile
                ? cn(sheetContentClass("bottom"), "overflow-hidden", sheetClassName)
                : cn(DIALOG_CONTENT_CLASS, dialogClassName)
            }
            {...content}
            onEscapeKeyDown={(event) => {
              if (popupOpenIn(event)) event.preventDefault();
            }}
          >
            {children}
            <DialogPrimitive.Close className={isMobile ? SHEET_CLOSE_CLASS : DIALOG_CLOSE_CLASS} aria-label="Fermer">
              <X aria-hidden="true" className={isMobile ? "size-5" : "size-4"} />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <DiscardChangesDialog open={asking} onKeep={() => setAsking(false)} onDiscard={discard} />
    </DirtyGuardContext.Provider>
  );
}

/**
 * The footer of a form or a sheet in a `ResponsiveModal`: its buttons right-aligned under a line on
 * desktop; on phones stuck to the bottom of the sheet, above the home indicator (`stretch`: each
 * button as wide as the others).
 */
export function ModalFooter({
  isMobile,
  stretch = false,
  children,
}: {
  isMobile: boolean;
  stretch?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex gap-2 border-t border-border bg-card",
        isMobile
          ? cn("sticky bottom-0 px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]", stretch && "[&>*]:flex-1")
          : "justify-end px-6 py-4",
      )}
    >
      {children}
    </div>
  );
}

/**
 * A form's modal opened on one thing (a payment to record or cancel): open while `item` is not null, the
 * form made afresh for each item (`formKey`), a bottom sheet on phones; the form gets the description's id
 * for its `ModalHeader`.
 */
export function FormModal<T>({
  item,
  formKey,
  isMobile,
  onClose,
  children,
}: {
  item: T | null;
  formKey: (item: T) => string;
  isMobile: boolean;
  onClose: () => void;
  children: (item: T, descriptionId: string) => ReactNode;
}) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex max-h-[92dvh] max-w-lg flex-col gap-0 overflow-hidden p-0"
      sheetClassName="max-h-[92dvh]"
    >
      {item !== null && <Fragment key={formKey(item)}>{children(item, descriptionId)}</Fragment>}
    </ResponsiveModal>
  );
}
