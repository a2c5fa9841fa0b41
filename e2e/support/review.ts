import type { Page } from "@playwright/test";

/** The minimum touch target on a phone (WCAG 2.5.5, the design's 44 px). */
export const MIN_TOUCH_TARGET = 44;

/** What a finger can act on. */
const TARGETS = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  '[role="button"]',
  '[role="radio"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="combobox"]',
].join(", ");

/**
 * Elements that stick out of the viewport sideways (the page then scrolls or cuts them), and whether
 * the document itself scrolls horizontally. Content inside a container that scrolls or clips on its
 * own (a row of chips, a truncated text) is that container's business, not the page's.
 */
export async function layoutOffenders(page: Page): Promise<{ horizontalScroll: number; outside: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const labelOf = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const cls = typeof el.className === "string" ? el.className.split(" ").slice(0, 3).join(".") : "";
      const rect = el.getBoundingClientRect();
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}> « ${text} » x=${Math.round(rect.left)}–${Math.round(rect.right)}`;
    };
    const clippedByAncestor = (el: Element) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX !== "visible") return true;
      }
      return false;
    };
    const outside: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // sr-only
      if (rect.left >= -1 && rect.right <= width + 1) continue;
      if (clippedByAncestor(el)) continue;
      outside.push(labelOf(el));
    }
    return { horizontalScroll: document.documentElement.scrollWidth - width, outside };
  });
}

/**
 * Visible, enabled controls smaller than 44 px on a side, in the open dialog when there is one (what is
 * behind a modal cannot be touched). Each offender is described with its size for the failure message.
 */
export async function touchTargetOffenders(page: Page): Promise<string[]> {
  return page.evaluate(
    ([selector, min]) => {
      const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
      const roots = dialogs.length > 0 ? dialogs : [document.body];
      const offenders: string[] = [];
      for (const root of roots) {
        for (const el of root.querySelectorAll(selector)) {
          if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
          if ((el as HTMLButtonElement).disabled || el.getAttribute("aria-disabled") === "true") continue;
          let rect = el.getBoundingClientRect();
          if (rect.width <= 1 || rect.height <= 1) continue; // sr-only (the skip link until focused)
          // A control stretched over its card by an absolute ::after (the card opens its item) is as big as the card.
          if (getComputedStyle(el, "::after").position === "absolute") {
            let box = el.parentElement;
            while (box && getComputedStyle(box).position === "static") box = box.parentElement;
            if (box) rect = box.getBoundingClientRect();
          }
          // An input drawn by its label (a radio or checkbox hidden under a bigger control) is measured by that control.
          if (el instanceof HTMLInputElement && getComputedStyle(el).opacity === "0") continue;
          if (rect.width >= min - 0.5 && rect.height >= min - 0.5) continue;
          const name = (el.getAttribute("aria-label") ?? el.textContent ?? (el as HTMLInputElement).name ?? "")
            .trim()
            .replace(/\s+/g, " ")
            .slice(0, 40);
          const role = el.getAttribute("role") ?? el.tagName.toLowerCase();
          offenders.push(`${role} « ${name} » ${Math.round(rect.width)}×${Math.round(rect.height)}`);
        }
      }
      return offenders;
    },
    [TARGETS, MIN_TOUCH_TARGET] as const,
  );
}
