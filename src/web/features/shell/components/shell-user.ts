/** What the shell shows about the signed-in user (composed from the auth feature in app/). */
export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
  isSuperAdmin: boolean;
  /** Company name, or null for a SuperAdmin. */
  companyName: string | null;
}
