/**
 * A French text as Testing Library reads it on the page: its default normalizer turns every run of white
 * space, the no-break spaces before « : » and in amounts included, into one space, then compares it with
 * the text asked for as written. `getByText(spaced(TEXTS.x))` finds a text written with no-break spaces.
 */
export const spaced = (text: string) => text.replace(/\s+/g, " ");
