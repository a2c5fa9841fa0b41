/** Query keys of « À relancer » (a message sent refreshes them: components/send-message, REMINDERS_KEY). */
export const reminderKeys = {
  all: ["reminders"] as const,
};
